import { endpoint } from '../endpoint';

/** 회원 등급 and custom rates: the console's (operators only) and the member's own block. */
export const adminPricingApi = {
  grades: endpoint({ method: 'GET', path: '/admin/api/grades', response: 'gradesResponse' }),
  createGrade: endpoint({
    method: 'POST',
    path: '/admin/api/grades',
    body: 'gradeRequest',
    response: 'grade',
  }),
  updateGrade: endpoint({
    method: 'PUT',
    path: '/admin/api/grades/:id',
    params: 'gradeIdParams',
    body: 'gradeRequest',
    response: 'grade',
  }),
  deleteGrade: endpoint({
    method: 'DELETE',
    path: '/admin/api/grades/:id',
    params: 'gradeIdParams',
    response: 'gradeDeleteResponse',
  }),
  memberPricing: endpoint({
    method: 'GET',
    path: '/admin/api/members/:loginId/pricing',
    params: 'memberPathParams',
    response: 'memberPricingResponse',
  }),
  setMemberGrade: endpoint({
    method: 'POST',
    path: '/admin/api/members/:loginId/grade',
    params: 'memberPathParams',
    body: 'memberGradeRequest',
    response: 'memberPricingResponse',
  }),
  setMemberRate: endpoint({
    method: 'PUT',
    path: '/admin/api/members/:loginId/rates/:serviceId',
    params: 'memberRateParams',
    body: 'memberRateRequest',
    response: 'memberPricingResponse',
  }),
  deleteMemberRate: endpoint({
    method: 'DELETE',
    path: '/admin/api/members/:loginId/rates/:serviceId',
    params: 'memberRateParams',
    response: 'memberPricingResponse',
  }),
};

export const memberPricingApi = {
  myGrade: endpoint({ method: 'GET', path: '/service/my-grade', response: 'myGradeResponse' }),
};
