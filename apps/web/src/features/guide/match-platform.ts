import type { Platform } from '@smm/domain/contract';
import { GENERAL_GUIDE, PLATFORM_GUIDES, type PlatformGuide } from './link-guides';

/**
 * The guide entry for a catalog platform, matched on its operator-written name ('인스타그램',
 * '🇰🇷 Instagram', '유튜브 쇼츠' …): case and spaces ignored; null when no entry fits.
 */
export function matchPlatformGuide(platformText: string): PlatformGuide | null {
  const name = platformText.toLowerCase().replace(/\s+/g, '');
  return PLATFORM_GUIDES.find((guide) => guide.keywords.some((keyword) => name.includes(keyword))) ?? null;
}

export interface GuideSection {
  platform: Platform;
  guide: PlatformGuide;
  /** True when no entry matched and the section shows the general rules. */
  general: boolean;
}

/** One section per visible platform, in the catalog's order. */
export function guideSections(platforms: readonly Platform[]): GuideSection[] {
  return platforms
    .filter((platform) => platform.visible !== false)
    .map((platform) => {
      const guide = matchPlatformGuide(platform.text);
      return { platform, guide: guide ?? GENERAL_GUIDE, general: guide === null };
    });
}
