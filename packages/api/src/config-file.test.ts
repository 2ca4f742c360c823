import { describe, expect, it } from 'vitest';
import { CONFIG_VERSION, configVersionText } from './config-file';

describe('configVersionText', () => {
  it('shows the current config version as the device does', () => {
    expect(CONFIG_VERSION).toBe(0x00011d00);
    expect(configVersionText()).toBe('0.1.29');
  });

  it('shows older versions from the migration table', () => {
    expect(configVersionText(0x00011700)).toBe('0.1.23');
    expect(configVersionText(0x00011b00)).toBe('0.1.27');
  });
});
