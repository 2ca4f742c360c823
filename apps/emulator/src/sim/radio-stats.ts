/**
 * The DTU's per-inverter radio counters (inverters.md §7.5) and how one request/answer
 * exchange over the air ends. Daytime success rates follow the recommendation there: NRF
 * (HM, HERF) 90-99 %, CMT (HMS, HMT) 95-99.5 %, with occasional fragment re-requests.
 */
import type { RadioStats } from '@opendtu/api';
import { between, gaussian, type Random } from './random';

export type ExchangeResult = 'ok' | 'nothing' | 'partial' | 'corrupt';

export function emptyRadioStats(): RadioStats {
  return {
    tx_request: 0,
    tx_re_request: 0,
    rx_success: 0,
    rx_fail_nothing: 0,
    rx_fail_partial: 0,
    rx_fail_corrupt: 0,
    rssi: -127,
  };
}

export class RadioLink {
  readonly stats: RadioStats = emptyRadioStats();
  /** Typical signal at this inverter's mounting spot, dBm. */
  private readonly baseRssi: number;

  constructor(
    private readonly radio: 'nrf' | 'cmt',
    private readonly random: Random,
  ) {
    this.baseRssi = radio === 'cmt' ? between(random, -85, -58) : between(random, -75, -50);
  }

  reset(): void {
    Object.assign(this.stats, emptyRadioStats());
  }

  /**
   * One request to an inverter: counted as sent, then as a success or one kind of
   * failure. A sleeping inverter never answers. `fragments` is how many radio packets the
   * answer needs (more packets, more chances to lose one).
   */
  exchange(answers: boolean, fragments = 2): ExchangeResult {
    this.stats.tx_request += 1;
    if (!answers) {
      this.stats.rx_fail_nothing += 1;
      return 'nothing';
    }
    if (this.random() < 0.006) {
      this.stats.rx_fail_nothing += 1;
      return 'nothing';
    }
    const lossPerFragment = this.radio === 'cmt' ? 0.012 : 0.025;
    let missing = 0;
    for (let i = 0; i < fragments; i += 1) if (this.random() < lossPerFragment) missing += 1;
    this.receive();
    // Missing fragments are asked for again; each re-request usually succeeds.
    for (let i = 0; i < missing; i += 1) {
      this.stats.tx_re_request += 1;
      if (this.random() < 0.12) {
        this.stats.rx_fail_partial += 1;
        return 'partial';
      }
    }
    if (this.random() < 0.004) {
      this.stats.rx_fail_corrupt += 1;
      return 'corrupt';
    }
    this.stats.rx_success += 1;
    return 'ok';
  }

  /** A command that never gets an answer (HMS/HMT change-channel). */
  sendUnanswered(): void {
    this.stats.tx_request += 1;
    this.stats.rx_fail_nothing += 1;
  }

  // NRF only knows "strong" (-30) or "weak" (-80); CMT reports what it measured, in
  // whole dBm, however weak or strong (a cap would pass off a strong CMT signal as an
  // NRF's -30).
  private receive(): void {
    const dbm = this.baseRssi + 3 * gaussian(this.random);
    this.stats.rssi = this.radio === 'cmt' ? Math.round(dbm) : dbm > -64 ? -30 : -80;
  }
}
