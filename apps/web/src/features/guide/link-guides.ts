/**
 * The link-input guide's content (docs/product.md#guide-faq-and-terms): per platform, which link each kind of
 * service needs, how to copy it in the app and on the desktop site, and example links. The examples are held
 * to the order form's own rule (`isOrderLink` in @smm/domain) by link-guides.test.ts: a "valid" or
 * "wrong-kind" link passes the form, an "invalid" one is refused by it.
 */

/** Icons the phone drawing can show; the drawing maps each to a lucide icon. */
export type PhoneIcon =
  'heart' | 'comment' | 'send' | 'bookmark' | 'share' | 'more' | 'moreVertical' | 'thumbsUp' | 'thumbsDown';

/** What the phone drawing shows: the screen, the button to tap (①) and the menu entry to pick (②). */
export interface PhoneScene {
  /** feed post, 16:9 video, full-screen vertical video, profile/channel/page, blog post. */
  screen: 'post' | 'video' | 'vertical' | 'profile' | 'blog';
  /** Icons under the content (a column on the right for vertical video). */
  actions: PhoneIcon[];
  /** The button to press: one of `actions`, or the top bar's button when `tapInTopBar`. */
  tap: PhoneIcon;
  tapInTopBar?: boolean;
  /** Korean name of the pressed button, for the picture's description. */
  tapLabel: string;
  sheet: string[];
  pick: string;
}

export interface LinkKind {
  id: string;
  /** '프로필 링크' */
  name: string;
  /** Services that need this link, as the catalog names them ('팔로워', '좋아요' …). */
  services: string[];
  /** A sample address and the part of it that tells this kind apart. */
  sample: { url: string; mark: string; markNote: string };
  app: string[];
  web: string[];
  phone: PhoneScene;
}

/**
 * valid: the form accepts it and it is the right link for the note's service;
 * invalid: the form refuses it (no https://, spaces, not an address);
 * wrong-kind: the form accepts it, but it is the wrong link for the service named — `needs` says which.
 */
export type LinkVerdict = 'valid' | 'invalid' | 'wrong-kind';

export interface LinkExample {
  link: string;
  verdict: LinkVerdict;
  note: string;
  /** For wrong-kind: the kind of link that service needs. */
  needs?: string;
}

export interface PlatformGuide {
  id: 'instagram' | 'youtube' | 'tiktok' | 'facebook' | 'naver' | 'general';
  /** Lower-case fragments matched against a catalog platform's name (spaces ignored). */
  keywords: string[];
  intro: string;
  kinds: LinkKind[];
  examples: LinkExample[];
}

const INSTAGRAM: PlatformGuide = {
  id: 'instagram',
  keywords: ['인스타', 'instagram', 'insta'],
  intro: '팔로워는 프로필 링크, 좋아요는 게시물 링크, 릴스 조회수는 릴스 링크를 넣어 주세요.',
  kinds: [
    {
      id: 'profile',
      name: '프로필 링크',
      services: ['팔로워'],
      sample: {
        url: 'https://www.instagram.com/smm_panel_kr/',
        mark: 'smm_panel_kr',
        markNote: '주소 끝이 계정 아이디이면 프로필 링크입니다.',
      },
      app: [
        '인스타그램 앱에서 주문할 계정의 프로필로 이동합니다.',
        '오른쪽 위 ⋯ 버튼을 누릅니다. 내 계정이라면 [프로필 공유]를 누릅니다.',
        "'프로필 URL 복사'(또는 '링크 복사')를 누릅니다.",
      ],
      web: ['instagram.com 에서 프로필을 엽니다.', '주소창의 주소를 처음부터 끝까지 복사합니다.'],
      phone: {
        screen: 'profile',
        actions: [],
        tap: 'more',
        tapInTopBar: true,
        tapLabel: '오른쪽 위 ⋯ 버튼',
        sheet: ['QR 코드', '프로필 URL 복사', '이 계정 정보'],
        pick: '프로필 URL 복사',
      },
    },
    {
      id: 'post',
      name: '게시물 링크',
      services: ['좋아요', '댓글'],
      sample: {
        url: 'https://www.instagram.com/p/C8kQ2xYtR5a/',
        mark: '/p/',
        markNote: '주소에 /p/ 가 있으면 게시물 링크입니다.',
      },
      app: [
        '좋아요를 받을 게시물을 엽니다.',
        '게시물 아래 종이비행기(공유) 버튼을 누릅니다.',
        "'링크 복사'를 누릅니다.",
      ],
      web: [
        '게시물을 눌러 크게 엽니다.',
        '주소창의 주소를 복사하거나, 게시물 오른쪽 위 ⋯ → [링크 복사]를 누릅니다.',
      ],
      phone: {
        screen: 'post',
        actions: ['heart', 'comment', 'send', 'bookmark'],
        tap: 'send',
        tapLabel: '종이비행기(공유) 버튼',
        sheet: ['링크 복사', '스토리에 추가', '공유'],
        pick: '링크 복사',
      },
    },
    {
      id: 'reel',
      name: '릴스 링크',
      services: ['릴스 조회수'],
      sample: {
        url: 'https://www.instagram.com/reel/C9mN4bVwP2s/',
        mark: '/reel/',
        markNote: '주소에 /reel/ 이 있으면 릴스 링크입니다.',
      },
      app: [
        '조회수를 받을 릴스를 재생합니다.',
        '오른쪽의 종이비행기(공유) 버튼을 누릅니다.',
        "'링크 복사'를 누릅니다.",
      ],
      web: ['릴스를 눌러 엽니다.', '주소창의 주소(/reel/ 이 들어 있는 주소)를 복사합니다.'],
      phone: {
        screen: 'vertical',
        actions: ['heart', 'comment', 'send', 'more'],
        tap: 'send',
        tapLabel: '종이비행기(공유) 버튼',
        sheet: ['링크 복사', '공유', '저장'],
        pick: '링크 복사',
      },
    },
  ],
  examples: [
    { link: 'https://www.instagram.com/smm_panel_kr/', verdict: 'valid', note: '프로필 링크 — 팔로워 주문' },
    { link: 'https://www.instagram.com/p/C8kQ2xYtR5a/', verdict: 'valid', note: '게시물 링크 — 좋아요 주문' },
    {
      link: 'https://www.instagram.com/reel/C9mN4bVwP2s/?igsh=MWd4bGx2dHQ5',
      verdict: 'valid',
      note: '릴스 링크 — 릴스 조회수 주문 (뒤의 ?igsh=… 는 그대로 두어도 됩니다)',
    },
    {
      link: 'https://www.instagram.com/smm_panel_kr/',
      verdict: 'wrong-kind',
      note: '좋아요 주문에 프로필 링크',
      needs: '게시물 링크',
    },
    {
      link: 'https://www.instagram.com/p/C8kQ2xYtR5a/',
      verdict: 'wrong-kind',
      note: '릴스 조회수 주문에 일반 게시물 링크',
      needs: '릴스 링크',
    },
    { link: 'instagram.com/smm_panel_kr', verdict: 'invalid', note: 'https:// 가 빠졌습니다.' },
    {
      link: '@smm_panel_kr',
      verdict: 'invalid',
      note: '아이디만으로는 주문할 수 없습니다. 주소 전체를 넣어 주세요.',
    },
  ],
};

const YOUTUBE: PlatformGuide = {
  id: 'youtube',
  keywords: ['유튜브', '유투브', 'youtube'],
  intro: '조회수·좋아요는 동영상 또는 쇼츠 링크, 구독자는 채널 링크를 넣어 주세요.',
  kinds: [
    {
      id: 'video',
      name: '동영상 링크',
      services: ['조회수', '좋아요'],
      sample: {
        url: 'https://www.youtube.com/watch?v=Xk3pL9qWz1M',
        mark: 'watch?v=',
        markNote: '주소에 watch?v= 가 있으면 동영상 링크입니다. (앱에서 복사하면 youtu.be/… 로 시작합니다)',
      },
      app: [
        '유튜브 앱에서 동영상을 재생합니다.',
        '동영상 아래 [공유] 버튼을 누릅니다.',
        "'링크 복사'를 누릅니다.",
      ],
      web: ['동영상을 재생합니다.', '주소창의 주소를 복사하거나, 동영상 아래 [공유] → [복사]를 누릅니다.'],
      phone: {
        screen: 'video',
        actions: ['thumbsUp', 'thumbsDown', 'share', 'bookmark'],
        tap: 'share',
        tapLabel: '공유 버튼',
        sheet: ['링크 복사', '카카오톡', '메시지'],
        pick: '링크 복사',
      },
    },
    {
      id: 'shorts',
      name: '쇼츠 링크',
      services: ['쇼츠 조회수', '좋아요'],
      sample: {
        url: 'https://www.youtube.com/shorts/Rt5yU7iOp9A',
        mark: '/shorts/',
        markNote: '주소에 /shorts/ 가 있으면 쇼츠 링크입니다.',
      },
      app: ['쇼츠를 재생합니다.', '오른쪽의 [공유] 버튼을 누릅니다.', "'링크 복사'를 누릅니다."],
      web: ['쇼츠를 재생합니다.', '주소창의 주소(/shorts/ 가 들어 있는 주소)를 복사합니다.'],
      phone: {
        screen: 'vertical',
        actions: ['thumbsUp', 'thumbsDown', 'comment', 'share'],
        tap: 'share',
        tapLabel: '공유 버튼',
        sheet: ['링크 복사', '카카오톡', '메시지'],
        pick: '링크 복사',
      },
    },
    {
      id: 'channel',
      name: '채널 링크',
      services: ['구독자'],
      sample: {
        url: 'https://www.youtube.com/@smmpanelkr',
        mark: '@smmpanelkr',
        markNote: '주소 끝이 @핸들(또는 /channel/UC…)이면 채널 링크입니다.',
      },
      app: [
        '채널 이름을 눌러 채널 홈으로 이동합니다.',
        '오른쪽 위 ⋮ 버튼 → [공유]를 누릅니다.',
        "'링크 복사'를 누릅니다.",
      ],
      web: ['채널 이름을 눌러 채널 홈을 엽니다.', '주소창의 주소(youtube.com/@…)를 복사합니다.'],
      phone: {
        screen: 'profile',
        actions: [],
        tap: 'moreVertical',
        tapInTopBar: true,
        tapLabel: '오른쪽 위 ⋮ 버튼 → 공유',
        sheet: ['링크 복사', '카카오톡', '메시지'],
        pick: '링크 복사',
      },
    },
  ],
  examples: [
    {
      link: 'https://www.youtube.com/watch?v=Xk3pL9qWz1M',
      verdict: 'valid',
      note: '동영상 링크 — 조회수·좋아요 주문',
    },
    {
      link: 'https://youtu.be/Xk3pL9qWz1M?si=Q2w3E4r5T6y7U8i9',
      verdict: 'valid',
      note: '앱에서 복사한 동영상 링크 — 뒤의 ?si=… 는 그대로 두어도 됩니다',
    },
    {
      link: 'https://www.youtube.com/shorts/Rt5yU7iOp9A',
      verdict: 'valid',
      note: '쇼츠 링크 — 쇼츠 조회수 주문',
    },
    { link: 'https://www.youtube.com/@smmpanelkr', verdict: 'valid', note: '채널 링크 — 구독자 주문' },
    {
      link: 'https://www.youtube.com/@smmpanelkr',
      verdict: 'wrong-kind',
      note: '조회수 주문에 채널 링크',
      needs: '동영상 링크',
    },
    {
      link: 'https://www.youtube.com/results?search_query=smm',
      verdict: 'wrong-kind',
      note: '검색 결과 페이지의 주소 — 영상을 열고 복사해 주세요',
      needs: '동영상 링크',
    },
    { link: 'youtube.com/watch?v=Xk3pL9qWz1M', verdict: 'invalid', note: 'https:// 가 빠졌습니다.' },
    {
      link: 'https://youtu.be/Xk3pL9qWz1M 빨리 부탁드려요',
      verdict: 'invalid',
      note: '링크 뒤에 띄어쓰기와 메모가 붙었습니다. 링크 칸에는 주소만 넣어 주세요.',
    },
  ],
};

const TIKTOK: PlatformGuide = {
  id: 'tiktok',
  keywords: ['틱톡', 'tiktok'],
  intro: '팔로워는 프로필 링크, 조회수·좋아요는 동영상 링크를 넣어 주세요.',
  kinds: [
    {
      id: 'profile',
      name: '프로필 링크',
      services: ['팔로워'],
      sample: {
        url: 'https://www.tiktok.com/@smmpanel.kr',
        mark: '@smmpanel.kr',
        markNote: '주소 끝이 @아이디이면 프로필 링크입니다.',
      },
      app: [
        '틱톡 앱에서 주문할 계정의 프로필로 이동합니다.',
        '오른쪽 위 공유(화살표) 버튼을 누릅니다.',
        "'링크 복사'를 누릅니다.",
      ],
      web: ['tiktok.com 에서 프로필을 엽니다.', '주소창의 주소(tiktok.com/@아이디)를 복사합니다.'],
      phone: {
        screen: 'profile',
        actions: [],
        tap: 'share',
        tapInTopBar: true,
        tapLabel: '오른쪽 위 공유 버튼',
        sheet: ['링크 복사', 'QR 코드', '메시지'],
        pick: '링크 복사',
      },
    },
    {
      id: 'video',
      name: '동영상 링크',
      services: ['조회수', '좋아요'],
      sample: {
        url: 'https://www.tiktok.com/@smmpanel.kr/video/7391234567890123456',
        mark: '/video/',
        markNote:
          '주소에 /video/ 가 있으면 동영상 링크입니다. (앱에서 복사하면 vt.tiktok.com/… 로 시작합니다)',
      },
      app: ['동영상을 재생합니다.', '오른쪽의 [공유] 버튼을 누릅니다.', "'링크 복사'를 누릅니다."],
      web: ['동영상을 눌러 엽니다.', '주소창의 주소(/video/ 가 들어 있는 주소)를 복사합니다.'],
      phone: {
        screen: 'vertical',
        actions: ['heart', 'comment', 'bookmark', 'share'],
        tap: 'share',
        tapLabel: '공유 버튼',
        sheet: ['링크 복사', '저장', '메시지'],
        pick: '링크 복사',
      },
    },
  ],
  examples: [
    { link: 'https://www.tiktok.com/@smmpanel.kr', verdict: 'valid', note: '프로필 링크 — 팔로워 주문' },
    {
      link: 'https://www.tiktok.com/@smmpanel.kr/video/7391234567890123456',
      verdict: 'valid',
      note: '동영상 링크 — 조회수·좋아요 주문',
    },
    {
      link: 'https://vt.tiktok.com/ZSjAbC123/',
      verdict: 'valid',
      note: '앱의 공유 버튼으로 복사한 동영상 링크',
    },
    {
      link: 'https://www.tiktok.com/@smmpanel.kr',
      verdict: 'wrong-kind',
      note: '조회수 주문에 프로필 링크',
      needs: '동영상 링크',
    },
    { link: 'tiktok.com/@smmpanel.kr', verdict: 'invalid', note: 'https:// 가 빠졌습니다.' },
    {
      link: 'https://www.tiktok.com/@smm panel',
      verdict: 'invalid',
      note: '주소에 띄어쓰기가 있습니다. 직접 치지 말고 복사해서 붙여 넣어 주세요.',
    },
  ],
};

const FACEBOOK: PlatformGuide = {
  id: 'facebook',
  keywords: ['페이스북', '페북', 'facebook'],
  intro: '페이지 좋아요·팔로워는 페이지 링크, 게시물 좋아요는 게시물 링크를 넣어 주세요.',
  kinds: [
    {
      id: 'page',
      name: '페이지 링크',
      services: ['페이지 좋아요', '팔로워'],
      sample: {
        url: 'https://www.facebook.com/smmpanelkr',
        mark: 'smmpanelkr',
        markNote: '주소 끝이 페이지 아이디(또는 profile.php?id=숫자)이면 페이지 링크입니다.',
      },
      app: [
        '페이스북 앱에서 페이지로 이동합니다.',
        '페이지 이름 아래 ⋯ 버튼을 누릅니다.',
        "'링크 복사'를 누릅니다.",
      ],
      web: ['facebook.com 에서 페이지를 엽니다.', '주소창의 주소를 복사합니다.'],
      phone: {
        screen: 'profile',
        actions: [],
        tap: 'more',
        tapInTopBar: true,
        tapLabel: '⋯ 버튼',
        sheet: ['공유', '링크 복사', '검색'],
        pick: '링크 복사',
      },
    },
    {
      id: 'post',
      name: '게시물 링크',
      services: ['게시물 좋아요', '공유'],
      sample: {
        url: 'https://www.facebook.com/smmpanelkr/posts/pfbid02aBcDeFgHiJkLmNoPq',
        mark: '/posts/',
        markNote: '주소에 /posts/ (앱에서는 /share/p/) 가 있으면 게시물 링크입니다.',
      },
      app: ['게시물 아래 [공유] 버튼을 누릅니다.', "'링크 복사'를 누릅니다."],
      web: [
        '게시물의 작성 시간(예: 3시간)을 눌러 게시물만 엽니다.',
        '주소창의 주소(/posts/ 가 들어 있는 주소)를 복사합니다.',
      ],
      phone: {
        screen: 'post',
        actions: ['thumbsUp', 'comment', 'share'],
        tap: 'share',
        tapLabel: '공유 버튼',
        sheet: ['링크 복사', '지금 공유하기', '메신저로 보내기'],
        pick: '링크 복사',
      },
    },
  ],
  examples: [
    {
      link: 'https://www.facebook.com/smmpanelkr',
      verdict: 'valid',
      note: '페이지 링크 — 페이지 좋아요·팔로워 주문',
    },
    {
      link: 'https://www.facebook.com/profile.php?id=100012345678901',
      verdict: 'valid',
      note: '숫자 아이디로 된 페이지 링크',
    },
    {
      link: 'https://www.facebook.com/smmpanelkr/posts/pfbid02aBcDeFgHiJkLmNoPq',
      verdict: 'valid',
      note: '게시물 링크 — 게시물 좋아요 주문',
    },
    {
      link: 'https://www.facebook.com/share/p/1AbCdEfGhJ/',
      verdict: 'valid',
      note: '앱에서 복사한 게시물 링크',
    },
    {
      link: 'https://www.facebook.com/smmpanelkr/posts/pfbid02aBcDeFgHiJkLmNoPq',
      verdict: 'wrong-kind',
      note: '페이지 좋아요 주문에 게시물 링크',
      needs: '페이지 링크',
    },
    { link: 'fb.com/smmpanelkr', verdict: 'invalid', note: 'https:// 가 빠졌습니다.' },
    { link: 'SMM패널 공식 페이지', verdict: 'invalid', note: '페이지 이름이 아니라 주소를 넣어 주세요.' },
  ],
};

const NAVER: PlatformGuide = {
  id: 'naver',
  keywords: ['네이버', 'naver', '블로그'],
  intro: '이웃 추가는 블로그 주소, 게시물 공감·조회수는 게시물 주소를 넣어 주세요.',
  kinds: [
    {
      id: 'blog',
      name: '블로그 주소',
      services: ['이웃 추가'],
      sample: {
        url: 'https://blog.naver.com/smmpanel',
        mark: 'smmpanel',
        markNote: 'blog.naver.com/ 뒤가 블로그 아이디뿐이면 블로그 주소입니다.',
      },
      app: [
        '네이버 블로그 앱에서 블로그 홈으로 이동합니다.',
        '오른쪽 위 ⋯(또는 공유) 버튼을 누릅니다.',
        "'URL 복사'를 누릅니다.",
      ],
      web: [
        '블로그 이름을 눌러 블로그 홈을 엽니다.',
        '주소창의 주소(blog.naver.com/아이디)를 복사합니다. 아이디를 알면 https://blog.naver.com/ 뒤에 붙여도 됩니다.',
      ],
      phone: {
        screen: 'profile',
        actions: [],
        tap: 'more',
        tapInTopBar: true,
        tapLabel: '오른쪽 위 ⋯ 버튼',
        sheet: ['URL 복사', '카카오톡', '밴드'],
        pick: 'URL 복사',
      },
    },
    {
      id: 'post',
      name: '게시물 주소',
      services: ['게시물 공감', '조회수'],
      sample: {
        url: 'https://blog.naver.com/smmpanel/223456789012',
        mark: '/223456789012',
        markNote: '블로그 아이디 뒤에 글 번호가 붙어 있으면 게시물 주소입니다.',
      },
      app: ['게시물을 엽니다.', '아래쪽의 [공유] 버튼을 누릅니다.', "'URL 복사'를 누릅니다."],
      web: [
        '게시물 제목을 눌러 글을 엽니다.',
        '주소창의 주소를 복사하거나, 글 오른쪽 위 [URL 복사]를 누릅니다.',
      ],
      phone: {
        screen: 'blog',
        actions: ['heart', 'comment', 'share'],
        tap: 'share',
        tapLabel: '공유 버튼',
        sheet: ['URL 복사', '카카오톡', '밴드'],
        pick: 'URL 복사',
      },
    },
  ],
  examples: [
    { link: 'https://blog.naver.com/smmpanel', verdict: 'valid', note: '블로그 주소 — 이웃 추가 주문' },
    { link: 'https://m.blog.naver.com/smmpanel', verdict: 'valid', note: '모바일 블로그 주소도 됩니다' },
    {
      link: 'https://blog.naver.com/smmpanel/223456789012',
      verdict: 'valid',
      note: '게시물 주소 — 공감·조회수 주문',
    },
    {
      link: 'https://blog.naver.com/smmpanel/223456789012',
      verdict: 'wrong-kind',
      note: '이웃 추가 주문에 게시물 주소',
      needs: '블로그 주소',
    },
    {
      link: 'https://search.naver.com/search.naver?query=smmpanel',
      verdict: 'wrong-kind',
      note: '검색 결과 페이지의 주소 — 블로그를 열고 복사해 주세요',
      needs: '블로그 주소',
    },
    { link: 'blog.naver.com/smmpanel', verdict: 'invalid', note: 'https:// 가 빠졌습니다.' },
    { link: 'smmpanel', verdict: 'invalid', note: '블로그 아이디만으로는 주문할 수 없습니다.' },
  ],
};

/** For a catalog platform this guide has no entry for: the rules every platform shares. */
export const GENERAL_GUIDE: PlatformGuide = {
  id: 'general',
  keywords: [],
  intro: '이 플랫폼의 자세한 안내는 준비 중입니다. 아래 공통 규칙대로 링크를 복사해 주세요.',
  kinds: [
    {
      id: 'account',
      name: '계정 링크',
      services: ['팔로워', '구독자', '이웃'],
      sample: {
        url: 'https://www.example.com/@smmpanel',
        mark: '@smmpanel',
        markNote: '계정(프로필·채널) 화면의 주소입니다.',
      },
      app: ['주문할 계정의 프로필로 이동합니다.', '공유 또는 ⋯ 버튼을 누릅니다.', "'링크 복사'를 누릅니다."],
      web: ['프로필 화면을 엽니다.', '주소창의 주소를 처음부터 끝까지 복사합니다.'],
      phone: {
        screen: 'profile',
        actions: [],
        tap: 'more',
        tapInTopBar: true,
        tapLabel: '⋯ 버튼',
        sheet: ['링크 복사', '공유', '신고'],
        pick: '링크 복사',
      },
    },
    {
      id: 'post',
      name: '게시물 링크',
      services: ['좋아요', '조회수', '댓글'],
      sample: {
        url: 'https://www.example.com/post/12345',
        mark: '/post/12345',
        markNote: '게시물 하나를 연 화면의 주소입니다.',
      },
      app: ['주문할 게시물이나 영상을 엽니다.', '공유 버튼을 누릅니다.', "'링크 복사'를 누릅니다."],
      web: ['게시물을 눌러 따로 엽니다.', '주소창의 주소를 복사합니다.'],
      phone: {
        screen: 'post',
        actions: ['heart', 'comment', 'share'],
        tap: 'share',
        tapLabel: '공유 버튼',
        sheet: ['링크 복사', '공유', '저장'],
        pick: '링크 복사',
      },
    },
  ],
  examples: [
    { link: 'https://www.example.com/@smmpanel', verdict: 'valid', note: '계정 링크 — 팔로워 주문' },
    {
      link: 'https://www.example.com/post/12345',
      verdict: 'valid',
      note: '게시물 링크 — 좋아요·조회수 주문',
    },
    {
      link: 'https://www.example.com/@smmpanel',
      verdict: 'wrong-kind',
      note: '좋아요 주문에 계정 링크',
      needs: '게시물 링크',
    },
    { link: 'example.com/@smmpanel', verdict: 'invalid', note: 'https:// 가 빠졌습니다.' },
  ],
};

export const PLATFORM_GUIDES: readonly PlatformGuide[] = [INSTAGRAM, YOUTUBE, TIKTOK, FACEBOOK, NAVER];

/** The "자주 하는 실수" block. */
export const COMMON_MISTAKES: readonly { title: string; text: string }[] = [
  {
    title: '비공개 계정·게시물',
    text: '비공개(잠금) 계정이나 비공개 게시물은 진행되지 않습니다. 주문 전에 공개로 바꾸고, 완료될 때까지 유지해 주세요.',
  },
  {
    title: '링크 종류 혼동',
    text: '팔로워·구독자·이웃은 계정(프로필·채널·블로그) 주소, 좋아요·조회수는 게시물·영상 주소가 필요합니다.',
  },
  {
    title: '외부 단축 링크',
    text: 'bit.ly 같은 외부 단축 주소는 넣지 마세요. 앱의 공유 버튼이 만든 공식 주소(youtu.be, vt.tiktok.com 등)는 괜찮습니다.',
  },
  {
    title: '추적 파라미터는 괜찮아요',
    text: '주소 뒤에 붙는 ?igsh=…, ?si=…, utm_… 같은 부분은 지우지 않아도 됩니다.',
  },
  {
    title: 'https:// 누락, 띄어쓰기, 메모',
    text: '링크 칸에는 https:// 로 시작하는 주소 하나만 넣어 주세요. 요청 사항을 링크 뒤에 붙이면 주문이 되지 않습니다.',
  },
  {
    title: '진행 중 아이디 변경·게시물 삭제',
    text: '주문이 끝나기 전에 아이디를 바꾸거나 게시물을 지우면 작업이 멈추고, 되돌릴 수 없습니다.',
  },
];
