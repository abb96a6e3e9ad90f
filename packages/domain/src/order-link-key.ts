/**
 * The key of an order's link (docs/product.md#refill-and-cancellation, "one link, however it is
 * written"): what the overlap rule, its (service, link) lock and the console's link search compare. The
 * member's link is stored as typed; only this key is normalised.
 *
 * Conservative by design: two links get one key only when they surely name the same thing. The scheme
 * (http/https), a `www.`/`m.` host prefix, the host's case, a trailing slash, the fragment and known
 * tracking parameters are dropped; the path keeps its case (an Instagram shortcode or a YouTube id is
 * case-sensitive) and every other query parameter stays. Where a platform has a canonical form, its
 * post's id is the key (a post and a reel of one shortcode, a watch link and a youtu.be link of one
 * video). The key of a plain `https://host/path` is `host/path`, the same shape the migration's SQL
 * backfill produces for existing orders.
 */

/** Query parameters that only say where a link was shared from, on any site. */
const TRACKING_PARAMS = new Set(['igshid', 'igsh', 'fbclid', 'gclid', 'mibextid']);
const isTracking = (name: string): boolean => TRACKING_PARAMS.has(name) || name.startsWith('utm_');

const INSTAGRAM_HOSTS = new Set(['instagram.com', 'instagr.am']);
const YOUTUBE_HOSTS = new Set(['youtube.com', 'music.youtube.com', 'youtu.be', 'youtube-nocookie.com']);
const TIKTOK_HOSTS = new Set(['tiktok.com']);

const MOBILE_ALIASED = new Set([
  'instagram.com',
  'youtube.com',
  'tiktok.com',
  'blog.naver.com',
  'place.naver.com',
  'facebook.com',
  'twitter.com',
  'x.com',
]);

/** Instagram shortcodes, YouTube and TikTok ids: letters, digits, `-` and `_` only. */
const ID = /^[A-Za-z0-9_-]+$/;

function hostOf(url: URL): string {
  // URL lower-cases the host already; a trailing dot names the same host.
  let host = url.hostname.replace(/\.$/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  // A mobile host is the same site only where the platform is known to serve one content at both.
  else if (host.startsWith('m.') && MOBILE_ALIASED.has(host.slice(2))) host = host.slice(2);
  return host;
}

/** The path's segments, empty ones (doubled or trailing slashes) dropped, case kept. */
function segmentsOf(url: URL): string[] {
  return url.pathname.split('/').filter((s) => s !== '');
}

function instagramKey(segments: string[]): string | null {
  // /p/ID, /reel/ID, /reels/ID, /tv/ID, and the newer /username/p/ID: one media per shortcode.
  for (let i = 0; i < Math.min(segments.length - 1, 2); i += 1) {
    const kind = segments[i]!.toLowerCase();
    const id = segments[i + 1]!;
    // `/reels/audio/<id>` is a sound's page, not a post.
    if (['p', 'reel', 'reels', 'tv'].includes(kind) && ID.test(id) && id !== 'audio') {
      return `instagram.com/p/${id}`;
    }
  }
  return null;
}

function youtubeKey(host: string, url: URL, segments: string[]): string | null {
  let id: string | null = null;
  if (host === 'youtu.be') id = segments[0] ?? null;
  else if (segments[0] === 'watch') id = url.searchParams.get('v');
  else if (['shorts', 'embed', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1] ?? null;
  return id !== null && ID.test(id) ? `youtube.com/watch?v=${id}` : null;
}

function tiktokKey(segments: string[]): string | null {
  // /@user/video/ID (and /photo/ID): the numeric id names the post whoever's name is in the link.
  const at = segments.findIndex((s) => s === 'video' || s === 'photo');
  if (at >= 0 && /^\d+$/.test(segments[at + 1] ?? '')) return `tiktok.com/video/${segments[at + 1]}`;
  // m.tiktok.com/v/ID.html
  if (segments[0] === 'v' && /^\d+(\.html)?$/.test(segments[1] ?? '')) {
    return `tiktok.com/video/${segments[1]!.replace(/\.html$/, '')}`;
  }
  return null;
}

function naverBlogKey(url: URL, segments: string[]): string | null {
  // blog.naver.com/ID/LOGNO (m. too) and PostView.naver?blogId=ID&logNo=LOGNO; Naver ids are lower-case.
  const page = (segments[0] ?? '').toLowerCase();
  if (page === 'postview.naver' || page === 'postview.nhn') {
    const blogId = url.searchParams.get('blogId');
    const logNo = url.searchParams.get('logNo');
    if (blogId && logNo && /^\d+$/.test(logNo)) return `blog.naver.com/${blogId.toLowerCase()}/${logNo}`;
    return null;
  }
  if (segments.length === 2 && /^\d+$/.test(segments[1]!)) {
    return `blog.naver.com/${segments[0]!.toLowerCase()}/${segments[1]}`;
  }
  return null;
}

function naverPlaceKey(host: string, segments: string[]): string | null {
  // place.naver.com/restaurant/ID/home, pcmap.place.naver.com/place/ID, map.naver.com/p/entry/place/ID
  if (host.endsWith('place.naver.com') && /^\d+$/.test(segments[1] ?? '')) {
    return `place.naver.com/${segments[1]}`;
  }
  if (host === 'map.naver.com') {
    const at = segments.indexOf('place');
    if (at >= 0 && /^\d+$/.test(segments[at + 1] ?? '')) return `place.naver.com/${segments[at + 1]}`;
  }
  return null;
}

/** The comparison key of an order link; text that is not an http(s) URL is its own key, trimmed. */
export function orderLinkKey(link: string): string {
  const text = link.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return text;
  const host = hostOf(url);
  const segments = segmentsOf(url);
  const canonical = INSTAGRAM_HOSTS.has(host)
    ? instagramKey(segments)
    : YOUTUBE_HOSTS.has(host)
      ? youtubeKey(host, url, segments)
      : TIKTOK_HOSTS.has(host)
        ? tiktokKey(segments)
        : host === 'blog.naver.com'
          ? naverBlogKey(url, segments)
          : host.endsWith('place.naver.com') || host === 'map.naver.com'
            ? naverPlaceKey(host, segments)
            : null;
  if (canonical !== null) return canonical;
  const port = url.port === '' ? '' : `:${url.port}`;
  // The query as typed, less the tracking parameters (the order of the others kept).
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !isTracking(decodeName(pair.split('=')[0]!).toLowerCase()));
  const query = kept.length > 0 ? `?${kept.join('&')}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${port}${path}${query}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
