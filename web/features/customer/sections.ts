/**
 * The customer console's pages in navigation order: path, key under `nav.items.` and group under
 * `nav.groups.` in the `customer` catalogue. Every page of the console renders CustomerLayout.
 */
export const CUSTOMER_SECTIONS = [
  ['/enterpage', 'dashboard', 'overview'],
  ['/testcaptcha', 'testcaptcha', 'overview'],
  ['/addbalance', 'addbalance', 'payments'],
  ['/pay/history_payment', 'paymentHistory', 'payments'],
  ['/pay/history_day', 'historyDay', 'payments'],
  ['/pay/send_user', 'sendUser', 'payments'],
  ['/pay/paypal_voucher', 'voucher', 'payments'],
  ['/setting', 'apiSettings', 'settings'],
  ['/setting/percent_100', 'percent100', 'settings'],
  ['/setting/pingback', 'pingback', 'settings'],
  ['/setting/iplist', 'iplist', 'settings'],
  ['/setting/edit', 'account', 'settings'],
  ['/statistics/uploads', 'uploads', 'statistics'],
  ['/statistics/graph_captures', 'graphs', 'statistics'],
  ['/setting/impossible_captchas', 'impossible', 'logs'],
  ['/setting/errors', 'errors', 'logs'],
  ['/setting/complaints', 'complaints', 'logs'],
  ['/setting/not_captcha', 'notCaptcha', 'logs'],
  ['/setting/pingback_log', 'pingbackLog', 'logs'],
] as const;

export type CustomerSection = (typeof CUSTOMER_SECTIONS)[number][1];
