import { describe, expect, it } from 'vitest';
import { PAYMENT_TYPE_LABELS, SETTING_GROUPS, SETTING_LABELS, settingChoiceLabel } from './admin-settings';
import { CONSOLE_SETTING_KEYS, PAYMENT_TYPE_AVAILABILITY } from './settings';
import { settingChoices } from './settings-rules';

describe('settings form labels', () => {
  it('labels every setting key (the operator-only ones too) in Korean, in a known group, with a description', () => {
    const groups = new Set<string>(SETTING_GROUPS.map((g) => g.id));
    for (const key of CONSOLE_SETTING_KEYS) {
      const label = SETTING_LABELS[key];
      expect(label, key).toBeDefined();
      expect(label.label, key).toMatch(/[가-힣]/);
      expect(label.description.length, key).toBeGreaterThan(5);
      expect(groups.has(label.group), key).toBe(true);
    }
    expect(Object.keys(SETTING_LABELS).sort()).toEqual([...CONSOLE_SETTING_KEYS].sort());
  });

  it('every group has at least one key', () => {
    for (const group of SETTING_GROUPS) {
      expect(
        CONSOLE_SETTING_KEYS.some((key) => SETTING_LABELS[key].group === group.id),
        group.id,
      ).toBe(true);
    }
  });

  it('names every choice of an enum setting', () => {
    for (const choice of PAYMENT_TYPE_AVAILABILITY) expect(PAYMENT_TYPE_LABELS[choice]).toMatch(/[가-힣]/);
    for (const key of CONSOLE_SETTING_KEYS)
      for (const choice of settingChoices(key)) expect(settingChoiceLabel(key, choice)).not.toBe(choice);
    expect(settingChoiceLabel('ENABLE_PAYMENT_TYPE', 'SOMETHING')).toBe('SOMETHING');
  });
});
