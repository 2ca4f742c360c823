/**
 * Event-log texts (inverters.md §3.2), for the ids a v25.4.10 device can show (≤ 255:
 * only the low byte of the id is transmitted). null = that language falls back to English.
 * HMT inverters use their own texts for a few ids; id 171 exists only for them.
 */
type MessageRow = readonly [id: number, en: string, de: string | null, fr: string | null];

const ALL: readonly MessageRow[] = [
  [1, 'Inverter start', 'Wechselrichter gestartet', "L'onduleur a démarré"],
  [2, 'Time calibration', 'Zeitabgleich', null],
  [3, 'EEPROM reading and writing error during operation', null, null],
  [4, 'Offline', 'Offline', 'Non connecté'],
  [11, 'Grid voltage surge', 'Netz: Überspannungsimpuls', null],
  [12, 'Grid voltage sharp drop', 'Netz: Spannungseinbruch', null],
  [13, 'Grid frequency mutation', 'Netz: Frequenzänderung', null],
  [14, 'Grid phase mutation', 'Netz: Phasenänderung', null],
  [15, 'Grid transient fluctuation', 'Netz: vorübergehende Schwankung', null],
  [36, 'INV overvoltage or overcurrent', null, null],
  [46, 'FB overvoltage', 'FB Überspannung', null],
  [47, 'FB overcurrent', 'FB Überstrom', null],
  [48, 'FB clamp overvoltage', null, null],
  [49, 'FB clamp overvoltage', null, null],
  [61, 'Calibration parameter error', null, null],
  [62, 'System configuration parameter error', null, null],
  [63, 'Abnormal power generation data', null, null],
  [71, 'Grid overvoltage load reduction (VW) function enable', null, null],
  [72, 'Power grid over-frequency load reduction (FW) function enable', null, null],
  [73, 'Over-temperature load reduction (TW) function enable', null, null],
  [95, 'PV-1: Module in suspected shadow', null, null],
  [96, 'PV-2: Module in suspected shadow', null, null],
  [97, 'PV-3: Module in suspected shadow', null, null],
  [98, 'PV-4: Module in suspected shadow', null, null],
  [121, 'Over temperature protection', 'Übertemperaturschutz', 'Protection antisurchauffe'],
  [122, 'Microinverter is suspected of being stolen', null, null],
  [123, 'Locked by remote control', null, null],
  [124, 'Shut down by remote control', 'Durch Fernsteuerung abgeschaltet', 'Arrêt par télécommande'],
  [
    125,
    'Grid configuration parameter error',
    'Parameterfehler bei der Konfiguration des Elektrizitätsnetzes',
    'Erreur de paramètre de configuration du réseau',
  ],
  [126, 'Software error code 126', null, null],
  [127, 'Firmware error', 'Firmwarefehler', 'Erreur du micrologiciel'],
  [128, 'Hardware configuration error', null, null],
  [129, 'Abnormal bias', 'Abnormaler Trend', 'Polarisation anormale'],
  [130, 'Offline', 'Offline', 'Non connecté'],
  [141, 'Grid: Grid overvoltage', 'Netz: Netzüberspannung', 'Réseau: Surtension du réseau'],
  [
    142,
    'Grid: 10 min value grid overvoltage',
    'Netz: 10 Minuten-Mittelwert der Netzüberspannung',
    'Réseau: Valeur de surtension du réseau pendant 10 min',
  ],
  [143, 'Grid: Grid undervoltage', 'Netz: Netzunterspannung', 'Réseau: Sous-tension du réseau'],
  [144, 'Grid: Grid overfrequency', 'Netz: Netzüberfrequenz', 'Réseau: Surfréquence du réseau'],
  [145, 'Grid: Grid underfrequency', 'Netz: Netzunterfrequenz', 'Réseau: Sous-fréquence du réseau'],
  [
    146,
    'Grid: Rapid grid frequency change rate',
    'Netz: Schnelle Wechselrate der Netzfrequenz',
    'Réseau: Taux de fluctuation rapide de la fréquence du réseau',
  ],
  [147, 'Grid: Power grid outage', 'Netz: Elektrizitätsnetzausfall', 'Réseau: Panne du réseau électrique'],
  [148, 'Grid: Grid disconnection', 'Netz: Netztrennung', 'Réseau: Déconnexion du réseau'],
  [149, 'Grid: Island detected', 'Netz: Inselbetrieb festgestellt', 'Réseau: Détection d’îlots'],
  [150, 'DCI exceeded', null, null],
  [152, 'Grid: Phase angle difference between two phases exceeded 5° >10 times', null, null],
  [181, 'Abnormal insulation impedance', null, null],
  [182, 'Abnormal grounding', null, null],
  [205, 'MPPT-A: Input overvoltage', 'MPPT-A: Eingangsüberspannung', 'MPPT-A: Surtension d’entrée'],
  [206, 'MPPT-B: Input overvoltage', 'MPPT-B: Eingangsüberspannung', 'MPPT-B: Surtension d’entrée'],
  [207, 'MPPT-A: Input undervoltage', 'MPPT-A: Eingangsunterspannung', 'MPPT-A: Sous-tension d’entrée'],
  [208, 'MPPT-B: Input undervoltage', 'MPPT-B: Eingangsunterspannung', 'MPPT-B: Sous-tension d’entrée'],
  [209, 'PV-1: No input', 'PV-1: Kein Eingang', 'PV-1: Aucune entrée'],
  [210, 'PV-2: No input', 'PV-2: Kein Eingang', 'PV-2: Aucune entrée'],
  [211, 'PV-3: No input', 'PV-3: Kein Eingang', 'PV-3: Aucune entrée'],
  [212, 'PV-4: No input', 'PV-4: Kein Eingang', 'PV-4: Aucune entrée'],
  [
    213,
    'MPPT-A: PV-1 & PV-2 abnormal wiring',
    'MPPT-A: Verdrahtungsfehler bei PV-1 und PV-2',
    'MPPT-A: Câblages photovoltaïques 1 et 2 anormaux',
  ],
  [
    214,
    'MPPT-B: PV-3 & PV-4 abnormal wiring',
    'MPPT-B: Verdrahtungsfehler bei PV-3 und PV-4',
    'MPPT-B: Câblages photovoltaïques 3 et 4 anormaux',
  ],
  [215, 'PV-1: Input overvoltage', 'PV-1: Eingangsüberspannung', 'PV-1: Surtension d’entrée'],
  [216, 'PV-1: Input undervoltage', 'PV-1: Eingangsunterspannung', 'PV-1: Sous-tension d’entrée'],
  [217, 'PV-2: Input overvoltage', 'PV-2: Eingangsüberspannung', 'PV-2: Surtension d’entrée'],
  [218, 'PV-2: Input undervoltage', 'PV-2: Eingangsunterspannung', 'PV-2: Sous-tension d’entrée'],
  [219, 'PV-3: Input overvoltage', 'PV-3: Eingangsüberspannung', 'PV-3: Surtension d’entrée'],
  [220, 'PV-3: Input undervoltage', 'PV-3: Eingangsunterspannung', 'PV-3: Sous-tension d’entrée'],
  [221, 'PV-4: Input overvoltage', 'PV-4: Eingangsüberspannung', 'PV-4: Surtension d’entrée'],
  [222, 'PV-4: Input undervoltage', 'PV-4: Eingangsunterspannung', 'PV-4: Sous-tension d’entrée'],
];

const HMT_ONLY: readonly MessageRow[] = [
  [171, 'Grid: Abnormal phase difference between phase to phase', null, null],
  [215, 'MPPT-C: Input overvoltage', 'MPPT-C: Eingangsüberspannung', 'MPPT-C: Surtension d’entrée'],
  [216, 'MPPT-C: Input undervoltage', 'MPPT-C: Eingangsunterspannung', 'MPPT-C: Sous-tension d’entrée'],
  [217, 'PV-5: No input', 'PV-5: Kein  Eingang', 'PV-5: Aucune entrée'],
  [218, 'PV-6: No input', 'PV-6: Kein Eingang', 'PV-6: Aucune entrée'],
  [219, 'MPPT-C: PV-5 & PV-6 abnormal wiring', null, null],
  [221, 'Abnormal wiring of grid neutral line', null, null],
];

export type EventLocale = 'en' | 'de' | 'fr';

const UNKNOWN: Record<EventLocale, string> = { en: 'Unknown', de: 'Unbekannt', fr: 'Inconnu' };

const byId = (rows: readonly MessageRow[]): ReadonlyMap<number, MessageRow> =>
  new Map(rows.map((row) => [row[0], row]));
const GENERAL = byId(ALL);
const HMT = byId(HMT_ONLY);

/** The text of an event id in a locale, as the device looks it up. */
export function eventMessage(id: number, locale: EventLocale, isHmt: boolean): string {
  const row = (isHmt ? HMT.get(id) : undefined) ?? GENERAL.get(id);
  if (!row) return UNKNOWN[locale];
  const [, en, de, fr] = row;
  if (locale === 'de') return de ?? en;
  if (locale === 'fr') return fr ?? en;
  return en;
}
