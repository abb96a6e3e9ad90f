interface DemoService {
  text: string;
  /** Thousandths of a won per unit: 350 is 0.35 원. */
  unitPriceMilli: number;
  min: number;
  max: number;
  notice: string;
  /** Days a member may ask for a refill after the order finished; 0 = none. */
  refillDays: number;
  /** Whether a member may cancel an open order (docs/product.md#refill-and-cancellation). */
  cancellable: boolean;
  enableAuto?: boolean;
  /** docs/product.md#service-types; absent = default. */
  serviceType?: 'custom_comments' | 'package';
  /**
   * The simulated provider's service that fulfils it; absent = the next of 1–13 in catalog order
   * (providers/simulated-provider.ts SIMULATED_SERVICES).
   */
  providerServiceId?: string;
}

interface DemoPlatform {
  text: string;
  bgColor: string;
  categories: { text: string; services: DemoService[] }[];
}

/** A small but realistic catalog; unit prices per follower, like, view … (views sell below 1 원). */
export const DEMO_CATALOG: DemoPlatform[] = [
  {
    text: '인스타그램',
    bgColor: '#fdf2f8',
    categories: [
      {
        text: '인스타그램 팔로워',
        services: [
          {
            text: '🇰🇷 인스타그램 한국인 팔로워',
            unitPriceMilli: 60000,
            min: 10,
            max: 10000,
            notice: '비공개 계정은 진행되지 않습니다. 시작까지 0~6시간.',
            refillDays: 30,
            cancellable: true,
            enableAuto: true,
          },
          {
            text: '🌎 인스타그램 외국인 팔로워 (리필 30일)',
            unitPriceMilli: 8000,
            min: 50,
            max: 30000,
            notice: '완료 후 30일 이내 감소분은 주문 내역에서 리필을 요청할 수 있습니다.',
            refillDays: 30,
            cancellable: true,
          },
        ],
      },
      {
        text: '인스타그램 좋아요',
        services: [
          {
            text: '🇰🇷 인스타그램 한국인 좋아요',
            unitPriceMilli: 25000,
            min: 10,
            max: 5000,
            notice: '게시물 링크를 입력해주세요.',
            refillDays: 0,
            cancellable: true,
            enableAuto: true,
          },
          {
            text: '🌎 인스타그램 외국인 좋아요',
            unitPriceMilli: 2800,
            min: 50,
            max: 30000,
            notice: '빠른 속도로 진행됩니다.',
            refillDays: 0,
            cancellable: true,
          },
          {
            text: '🇰🇷 인스타그램 한국인 좋아요 100개 패키지',
            unitPriceMilli: 20000,
            min: 100,
            max: 100,
            notice: '게시물 링크만 입력하면 좋아요 100개가 들어갑니다.',
            refillDays: 0,
            cancellable: true,
            serviceType: 'package',
            providerServiceId: '17',
          },
        ],
      },
      {
        text: '인스타그램 댓글',
        services: [
          {
            text: '🇰🇷 인스타그램 한국인 댓글 (직접 입력)',
            unitPriceMilli: 150000,
            min: 5,
            max: 1000,
            notice: '원하는 댓글을 한 줄에 하나씩 입력해주세요. 입력한 댓글 수만큼 주문됩니다.',
            refillDays: 0,
            cancellable: false,
            serviceType: 'custom_comments',
            providerServiceId: '16',
          },
        ],
      },
      {
        text: '인스타그램 릴스 조회수',
        services: [
          {
            text: '인스타그램 릴스 조회수',
            unitPriceMilli: 350,
            min: 100,
            max: 100000,
            notice: '릴스 링크만 가능합니다.',
            refillDays: 0,
            cancellable: false,
            enableAuto: true,
          },
        ],
      },
    ],
  },
  {
    text: '유튜브',
    bgColor: '#fef2f2',
    categories: [
      {
        text: '유튜브 조회수',
        services: [
          {
            text: '유튜브 조회수 (고품질)',
            unitPriceMilli: 7000,
            min: 100,
            max: 100000,
            notice: '영상 공개 상태를 확인해주세요.',
            refillDays: 0,
            cancellable: false,
            enableAuto: true,
          },
          {
            text: '유튜브 쇼츠 조회수',
            unitPriceMilli: 4000,
            min: 100,
            max: 100000,
            notice: '쇼츠 링크를 입력해주세요.',
            refillDays: 0,
            cancellable: false,
          },
        ],
      },
      {
        text: '유튜브 구독자',
        services: [
          {
            text: '🇰🇷 유튜브 한국인 구독자',
            unitPriceMilli: 150000,
            min: 10,
            max: 3000,
            notice: '채널 링크를 입력해주세요. 시작까지 최대 24시간.',
            refillDays: 30,
            cancellable: true,
          },
        ],
      },
      {
        text: '유튜브 좋아요',
        services: [
          {
            text: '유튜브 좋아요',
            unitPriceMilli: 20000,
            min: 10,
            max: 10000,
            notice: '영상 링크를 입력해주세요.',
            refillDays: 0,
            cancellable: true,
          },
        ],
      },
    ],
  },
  {
    text: '틱톡',
    bgColor: '#f1f5f9',
    categories: [
      {
        text: '틱톡 팔로워',
        services: [
          {
            text: '틱톡 팔로워',
            unitPriceMilli: 12000,
            min: 50,
            max: 20000,
            notice: '프로필 링크를 입력해주세요.',
            refillDays: 30,
            cancellable: true,
          },
        ],
      },
      {
        text: '틱톡 조회수',
        services: [
          {
            text: '틱톡 동영상 조회수',
            unitPriceMilli: 500,
            min: 100,
            max: 100000,
            notice: '동영상 링크를 입력해주세요.',
            refillDays: 0,
            cancellable: false,
            enableAuto: true,
          },
        ],
      },
    ],
  },
  {
    text: '페이스북',
    bgColor: '#eff6ff',
    categories: [
      {
        text: '페이스북 페이지 좋아요',
        services: [
          {
            text: '페이스북 페이지 좋아요 + 팔로워',
            unitPriceMilli: 15000,
            min: 50,
            max: 10000,
            notice: '페이지 링크를 입력해주세요.',
            refillDays: 30,
            cancellable: true,
          },
        ],
      },
    ],
  },
  {
    text: '네이버',
    bgColor: '#f0fdf4',
    categories: [
      {
        text: '네이버 블로그',
        services: [
          {
            text: '네이버 블로그 이웃 추가',
            unitPriceMilli: 40000,
            min: 10,
            max: 2000,
            notice: '블로그 주소를 입력해주세요.',
            refillDays: 30,
            cancellable: true,
          },
        ],
      },
    ],
  },
];
