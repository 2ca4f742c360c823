#!/usr/bin/python3
"""A SunSpec client of our own on pymodbus (Debian's python3-pymodbus), for the tests: it
walks a unit's model chain as Victron's GX does (the marker at 40000, then 50000, then 0;
each model's id and length to 0xFFFF), or reads every model whole as evcc's SunSpec library
does, and writes limits the way each of them writes. Prints one JSON object.

  sunspec_client.py PORT UNIT gx           walk and read as a GX: model 1, 120, 123, 160, then
                                          the inverter model's 52 registers
  sunspec_client.py PORT UNIT evcc         read every model whole (125 registers a request at most)
  sunspec_client.py PORT UNIT gx-limit PCT REVERT   FC16: five registers at model 123's offset 5
  sunspec_client.py PORT UNIT gx-release   FC16: 0 into WMaxLim_Ena
  sunspec_client.py PORT UNIT evcc-curtail PCT      WMaxLimPct, then WMaxLim_Ena (0 at 100 %)
  sunspec_client.py PORT UNIT read ADDRESS COUNT    raw registers, or the exception code
"""
import json
import sys

from pymodbus.client import ModbusTcpClient

STARTS = (40000, 50000, 0)
NOT_IMPLEMENTED_U16 = 0xFFFF
NOT_IMPLEMENTED_I16 = 0x8000


class Refused(Exception):
    def __init__(self, code):
        super().__init__(f"exception {code}")
        self.code = code


def read(client, unit, address, count):
    answer = client.read_holding_registers(address, count, slave=unit)
    if answer.isError():
        raise Refused(getattr(answer, "exception_code", -1))
    return list(answer.registers)


def write(client, unit, address, values):
    answer = client.write_registers(address, values, slave=unit)
    if answer.isError():
        raise Refused(getattr(answer, "exception_code", -1))


def text(registers):
    raw = b"".join(register.to_bytes(2, "big") for register in registers)
    return raw.replace(b"\0", b"").decode("latin-1")


def signed(register):
    return register - 0x10000 if register >= 0x8000 else register


def scaled(value, sf, is_signed=False):
    """A point's value times 10^SF; None for SunSpec's not implemented."""
    if sf == NOT_IMPLEMENTED_I16:
        return None
    if is_signed:
        if value == NOT_IMPLEMENTED_I16:
            return None
        value = signed(value)
    elif value == NOT_IMPLEMENTED_U16:
        return None
    return round(value * 10 ** signed(sf), 6)


def find_marker(client, unit):
    """The first of the GX's places that holds "SunS"; else the first refusal's code."""
    refusal = None
    for start in STARTS:
        try:
            if text(read(client, unit, start, 2)) == "SunS":
                return start
        except Refused as refused:
            refusal = refusal or refused
    raise refusal or Refused(-2)


def chain(client, unit):
    """Each model's id, length and the address of its header, walked to the end marker."""
    start = find_marker(client, unit)
    models = []
    at = start + 2
    while True:
        model_id, length = read(client, unit, at, 2)
        if model_id == 0xFFFF:
            return start, models, at
        models.append({"id": model_id, "length": length, "address": at})
        at += 2 + length


def inverter_values(registers):
    """The 52 registers of model 101/103 from its header, as dbus-fronius reads them."""
    wh = registers[24] << 16 | registers[25]
    return {
        "model": registers[0],
        "A": scaled(registers[2], registers[6]),
        "AphA": scaled(registers[3], registers[6]),
        "PhVphA": scaled(registers[10], registers[13]),
        "PPVphAB": scaled(registers[7], registers[13]),
        "W": scaled(registers[14], registers[15], True),
        "Hz": scaled(registers[16], registers[17]),
        "WH": None if wh == 0 else scaled(wh, registers[26]),
        "DCW": scaled(registers[31], registers[32], True),
        "St": None if registers[38] == NOT_IMPLEMENTED_U16 else registers[38],
    }


def gx(client, unit):
    start, models, end = chain(client, unit)
    by_id = {model["id"]: model for model in models}
    result = {"start": start, "chain": [[m["id"], m["length"]] for m in models], "end": end}
    common = by_id[1]
    registers = read(client, unit, common["address"], common["length"] + 2)
    result["common"] = {
        "Mn": text(registers[2:18]),
        "Md": text(registers[18:34]),
        "Opt": text(registers[34:42]),
        "Vr": text(registers[42:50]),
        "SN": text(registers[50:66]),
        "DA": registers[66],
    }
    nameplate = read(client, unit, by_id[120]["address"], by_id[120]["length"] + 2)
    result["WRtg"] = scaled(nameplate[3], nameplate[4])
    controls = by_id[123]["address"]
    result["WMaxLimPct_SF"] = signed(read(client, unit, controls + 23, 1)[0])
    limit = read(client, unit, controls + 5, 5)
    result["controls"] = {
        "WMaxLimPct": limit[0],
        "WMaxLimPct_RvrtTms": limit[2],
        "WMaxLim_Ena": limit[4],
    }
    mppt = by_id.get(160)
    if mppt:
        head = read(client, unit, mppt["address"], 10)
        # dbus-fronius reads six strings at most, in one request.
        count = min(6, head[8])
        strings = read(client, unit, mppt["address"] + 10, count * 20) if count else []
        result["strings"] = [
            {
                "IDStr": text(strings[i * 20 + 1 : i * 20 + 9]),
                "DCV": scaled(strings[i * 20 + 10], head[3]),
                "DCW": scaled(strings[i * 20 + 11], head[4]),
            }
            for i in range(count)
        ]
    inverter = next(m for m in models if m["id"] in (101, 102, 103))
    result["inverter"] = inverter_values(read(client, unit, inverter["address"], 52))
    return result


def evcc(client, unit):
    """Every model read whole, in requests of 125 registers at most."""
    start, models, end = chain(client, unit)
    values = {}
    for model in models:
        registers = []
        at = model["address"]
        left = model["length"] + 2
        while left > 0:
            count = min(125, left)
            registers += read(client, unit, at, count)
            at += count
            left -= count
        values[model["id"]] = registers
    inverter = next(values[i] for i in (101, 102, 103) if i in values)
    return {"start": start, "read": sorted(values), "inverter": inverter_values(inverter[:52])}


def controls_address(client, unit):
    _, models, _ = chain(client, unit)
    return next(m["address"] for m in models if m["id"] == 123)


def main(argv):
    port, unit, action = int(argv[1]), int(argv[2]), argv[3]
    client = ModbusTcpClient("127.0.0.1", port=port, timeout=5)
    if not client.connect():
        print(json.dumps({"error": "connect"}))
        return 1
    try:
        if action == "gx":
            result = gx(client, unit)
        elif action == "evcc":
            result = evcc(client, unit)
        elif action == "gx-limit":
            controls = controls_address(client, unit)
            sf = signed(read(client, unit, controls + 23, 1)[0])
            percent = round(float(argv[4]) * 10 ** -sf)
            write(client, unit, controls + 5, [percent, 0, int(argv[5]), 0, 1])
            result = {"written": [percent, 0, int(argv[5]), 0, 1]}
        elif action == "gx-release":
            write(client, unit, controls_address(client, unit) + 9, [0])
            result = {"written": [0]}
        elif action == "evcc-curtail":
            controls = controls_address(client, unit)
            sf = signed(read(client, unit, controls + 23, 1)[0])
            percent = float(argv[4])
            write(client, unit, controls + 5, [round(percent * 10 ** -sf)])
            write(client, unit, controls + 9, [0 if percent >= 100 else 1])
            result = {"written": percent}
        elif action == "read":
            result = {"registers": read(client, unit, int(argv[4]), int(argv[5]))}
        else:
            result = {"error": f"unknown action {action}"}
    except Refused as refused:
        result = {"exception": refused.code}
    finally:
        client.close()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
