export const DEMO_REGISTER_WHERES = ['네이버 검색', '구글 검색', '인스타그램', '유튜브', '지인 추천', '기타'];

export const DEMO_NOTICES = [
  {
    content: '🎉 충전 보너스: 10만원 이상 충전하면 3%, 50만원 이상은 5%를 포인트로 더 드립니다.',
    isTop: true,
    bgColor: '#fef3c7',
  },
  {
    content: '입금자명과 충전 신청 금액이 정확히 일치해야 자동으로 충전됩니다.',
    isTop: false,
    bgColor: null,
  },
  {
    content: '인스타그램 정책 변경으로 일부 서비스의 시작 시간이 지연될 수 있습니다.',
    isTop: false,
    bgColor: null,
  },
];

export const DEMO_QNAS = [
  {
    title: '주문 후 언제부터 작업이 시작되나요?',
    answer:
      '대부분의 서비스는 주문 후 0~6시간 이내에 시작됩니다.\n상품별 안내 문구에서 예상 시작 시간을 확인할 수 있습니다.',
  },
  {
    title: '충전은 얼마나 걸리나요?',
    answer:
      '입금 확인 후 평균 1~10분 이내에 자동으로 충전됩니다.\n3시간 동안 입금이 확인되지 않으면 신청이 자동 취소됩니다.',
  },
  {
    title: '비공개 계정도 주문할 수 있나요?',
    answer: '비공개 계정은 작업이 진행되지 않습니다.\n주문 전 계정을 공개로 전환해주세요.',
  },
  {
    title: '환불은 어떻게 받나요?',
    answer:
      '주문이 일부만 진행된 경우 남은 수량만큼 포인트로 자동 환불됩니다.\n결제 후 72시간 이내 미사용 포인트는 고객센터로 환불을 요청할 수 있습니다.',
  },
];

export const DEMO_POPUPS = [{ enabled: true, imageUrl: '/demo/popup-welcome.svg' }];
