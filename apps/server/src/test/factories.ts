import type { FastifyInstance } from 'fastify';

let counter = 0;

/** A member registered through the real endpoint, with a unique id per call. */
export async function registerMember(
  app: FastifyInstance,
  overrides: Partial<Record<'id' | 'password' | 'email' | 'registerWhere', string>> = {},
) {
  counter += 1;
  const member = {
    id: `member${counter}`,
    password: 'correct-horse-1',
    email: `member${counter}@example.com`,
    registerWhere: '지인 추천',
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: '/auth/register', payload: member });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return member;
}

export async function loginToken(app: FastifyInstance, id: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/auth/login', payload: { id, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return (response.json() as { accessToken: string }).accessToken;
}
