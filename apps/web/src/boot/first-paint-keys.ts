/**
 * The texts of the live view's first paint (first-paint.ts): only those it shows, none it
 * would only give to a screen reader or a tooltip in the second before the app takes over.
 * The build writes them in English, German and French into index.html
 * (build/first-paint.ts), a few hundred bytes instead of the whole translations; a
 * language pack from the device applies when the app takes over, as it does for the app's
 * own first render.
 */
export const FIRST_PAINT_KEYS = [
  'menu.LiveView',
  'menu.Overview',
  'menu.Settings',
  'menu.Info',
  'menu.About',
  'menu.Logout',
  'menu.Login',
  'home.LiveData',
  'hints.DefaultPassword',
  'hints.DefaultPasswordLink',
  'inverterchannelproperty.YieldTotal',
  'inverterchannelproperty.YieldDay',
  'invertertotalinfo.TotalPower',
  'home.StatePollingOff',
  'home.StateNoClock',
  'home.StateAsleep',
  'home.StateUnreachable',
  'home.StateIdle',
  'home.StateProducing',
  'home.WeakStringMark',
  'home.SerialNumber',
  'home.CurrentLimit',
  'dataagedisplay.Ago',
  'home.ShowSetInverterLimit',
  'home.TurnOnOff',
  'Error.Details',
  'home.GridProfile',
  'home.ShowEventlog',
] as const;

export type FirstPaintKey = (typeof FIRST_PAINT_KEYS)[number];

/** A text of the list in the language shown, `{name}` placeholders filled. */
export type FirstPaintText = (key: FirstPaintKey, params?: Record<string, string>) => string;
