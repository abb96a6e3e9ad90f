/**
 * Every page of the web app, in one place: the router declares these paths, and links, navigate()
 * calls and redirects take them from here. A query string is added where the link is made.
 */
export const paths = {
  home: '/',
  order: '/order',
  massOrder: '/mass-order',
  point: '/point',
  account: '/account',
  apiDocs: '/api',
  orderHistory: '/order-history',
  autoOrderHistory: '/auto-order-history',
  qna: '/qna',
  guide: '/guide',
  /** 1:1 문의 (docs/product.md#inquiries): the list and a new one; a thread under it. */
  inquiries: '/inquiries',
  inquiry: (id: number) => `/inquiries/${id}` as const,
  termsOfService: '/terms/service',
  privacyPolicy: '/terms/privacy',
  login: '/login',
  logout: '/logout',
  register: '/register',
  /** Sign-up after a Naver or Kakao login that matched no account. */
  socialRegister: (provider: 'naver' | 'kakao') => `/register/${provider}` as const,
  findId: '/find-id',
  findPassword: '/find-password',
  resetPassword: '/reset-password',
  /** Where Naver's login popup returns. */
  naverCallback: '/auth/naver',
  /** The operator console (app/admin-app.tsx); its own router declares the screens below it. */
  admin: {
    dashboard: '/admin',
    watch: '/admin/watch',
    charges: '/admin/charges',
    deposits: '/admin/deposits',
    receipts: '/admin/receipts',
    orders: '/admin/orders',
    members: '/admin/members',
    grades: '/admin/grades',
    member: (loginId: string) => `/admin/members/${encodeURIComponent(loginId)}`,
    /** 1:1 문의: the queue, and one inquiry's thread under it. */
    inquiries: '/admin/inquiries',
    inquiry: (id: number) => `/admin/inquiries/${id}` as const,
    referralRewards: '/admin/referral-rewards',
    catalog: '/admin/catalog',
    providers: '/admin/providers',
    notices: '/admin/notices',
    faq: '/admin/faq',
    popups: '/admin/popups',
    registerRoutes: '/admin/register-routes',
    savedAnswers: '/admin/saved-answers',
    settings: '/admin/settings',
    notifications: '/admin/notifications',
    audit: '/admin/audit',
  },
} as const;

/** A console path as the console's own router (mounted at /admin/*) declares it: '/admin/charges' → 'charges'. */
export const adminRoutePath = (path: string) => path.slice(paths.admin.dashboard.length + 1);
