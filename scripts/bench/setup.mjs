// The data a benchmark needs, made through the product's own HTTP API (so a broken endpoint shows
// before any figure): members signed up, credited by an operator adjustment and signed in; some
// with an API key and one order (status reads); some with pending charges (deposit webhooks).
import { call, inBatches } from './lib.mjs';

export const OPERATOR = { id: 'benchoperator', password: 'bench-operator-1' };
const PASSWORD = 'bench-pass-1';
/** The most one operator adjustment may add: hundreds of thousands of minimum orders each. */
const CREDIT = 100_000_000;

export async function operatorToken(base) {
  return (await call(base, 'POST', '/auth/login', { body: OPERATOR, what: 'operator login' })).accessToken;
}

/** `count` members, each credited and signed in: [{ id, token }]. */
export async function prepareMembers(base, count) {
  const operator = await operatorToken(base);
  const [route] = await call(base, 'GET', '/service/register-where');
  return inBatches(
    Array.from({ length: count }, (_, i) => `bench${String(i).padStart(4, '0')}`),
    4,
    async (id) => {
      await call(base, 'POST', '/auth/register', {
        body: { id, password: PASSWORD, email: `${id}@example.com`, registerWhere: route.text },
        expected: 201,
      });
      await call(base, 'POST', `/admin/api/members/${id}/point-adjustments`, {
        body: { delta: CREDIT, memo: 'bench' },
        headers: { authorization: `Bearer ${operator}` },
      });
      const { accessToken } = await call(base, 'POST', '/auth/login', { body: { id, password: PASSWORD } });
      return { id, token: accessToken };
    },
  );
}

/**
 * BENCH_GRADED: every member given a 5 % grade, and every other one also a 10 % own rate on `service`,
 * through the console's calls (docs/product.md#member-grades-and-custom-rates), so the orders case
 * measures members whose prices come from the pricing book in memory, not the list price.
 */
export async function gradeMembers(base, members, service) {
  const headers = { authorization: `Bearer ${await operatorToken(base)}` };
  const grade = await call(base, 'POST', '/admin/api/grades', {
    body: { name: '벤치 등급', discountBp: 500, minSpendWon: null, windowDays: 30 },
    headers,
  });
  await inBatches(members, 4, async (member, i) => {
    await call(base, 'POST', `/admin/api/members/${member.id}/grade`, {
      body: { gradeId: grade.id, manual: true, memo: 'bench' },
      headers,
    });
    if (i % 2 === 1)
      await call(base, 'PUT', `/admin/api/members/${member.id}/rates/${service.id}`, {
        body: { unitPriceMilli: null, discountBp: 1000, lossConfirmed: true, memo: 'bench' },
        headers,
      });
  });
}

/** The cheapest orderable service at its minimum, so the credit lasts; any orderable one would do. */
export async function cheapestService(base) {
  const services = await call(base, 'GET', '/service/services');
  const orderable = services.filter((s) => !s.isReadOnly);
  if (orderable.length === 0) throw new Error('GET /service/services lists nothing orderable');
  return orderable.reduce((a, b) => (b.price * b.min < a.price * a.min ? b : a));
}

/** An API key and one order for each member: the status read's rows. */
export async function prepareApiKeys(base, members, service) {
  for (const [i, member] of members.entries()) {
    const { apiKey } = await call(base, 'POST', '/auth/api-key', {
      headers: { authorization: `Bearer ${member.token}` },
    });
    const { wId } = await call(base, 'POST', '/api/order', {
      body: {
        serviceId: service.id,
        link: `https://www.instagram.com/p/benchstatus${i}/`,
        amount: service.min,
      },
      headers: { 'api-key': apiKey },
    });
    member.apiKey = apiKey;
    member.wId = wId;
  }
}

/**
 * `perMember` pending charges for each member, each with its own depositor name and amount, so the
 * deposits that name them are matched and credited: [{ name, amount }].
 */
export async function prepareCharges(base, members, perMember) {
  const charges = [];
  for (const [i, member] of members.entries()) {
    for (let k = 0; k < perMember; k++) {
      const name = `입금${i}`;
      const point = 10_000 + k * 1_000;
      await call(base, 'POST', '/service/point', {
        body: { name, point, feeType: 2, feeValue: null },
        headers: { authorization: `Bearer ${member.token}` },
      });
      charges.push({ name, amount: point });
    }
  }
  return charges;
}
