import { endpoint } from '../endpoint';

/** The public reads of the member site: settings, catalog and content (cached, no session). */
export const siteApi = {
  settings: endpoint({ method: 'GET', path: '/service/settings', response: 'settingsResponse' }),
  platforms: endpoint({ method: 'GET', path: '/service/platforms', response: 'platformsResponse' }),
  categories: endpoint({ method: 'GET', path: '/service/categorys', response: 'categoriesResponse' }),
  services: endpoint({ method: 'GET', path: '/service/services', response: 'servicesResponse' }),
  registerWheres: endpoint({
    method: 'GET',
    path: '/service/register-where',
    response: 'registerWheresResponse',
  }),
  notices: endpoint({ method: 'GET', path: '/service/notices', response: 'noticesResponse' }),
  qnas: endpoint({ method: 'GET', path: '/service/qnas', response: 'qnasResponse' }),
  popups: endpoint({ method: 'GET', path: '/service/popup', response: 'popupsResponse' }),
};
