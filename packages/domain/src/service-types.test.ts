import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, validateServiceInput, type ServiceInput } from './admin-catalog';
import {
  ORDER_MESSAGES as M,
  orderAmount,
  orderComments,
  validateOrder,
  type OrderServiceRules,
} from './order-rules';
import { packageQuantityFixed, V2_ERRORS, v2ErrorForOrderRule } from './public-api';
import { commentLines, serviceTypeOfProviderType } from './service-types';

const comments: OrderServiceRules = {
  unitPriceMilli: 1_000,
  min: 2,
  max: 4,
  enableAuto: false,
  isReadOnly: false,
  type: 'custom_comments',
};
const pack: OrderServiceRules = {
  unitPriceMilli: 1_000,
  min: 100,
  max: 100,
  enableAuto: false,
  isReadOnly: false,
  type: 'package',
};
const plain: OrderServiceRules = {
  unitPriceMilli: 1_000,
  min: 10,
  max: 1000,
  enableAuto: true,
  isReadOnly: false,
};
const link = 'https://www.instagram.com/p/abc/';
const order = (service: OrderServiceRules, input: Partial<Parameters<typeof validateOrder>[0]>) =>
  validateOrder({ link, runs: 0, interval: 0, ...input }, { service, serviceCheck: false });

describe('comment lines (docs/product.md#service-types)', () => {
  it('splits on any line break, trims each line and drops blank ones', () => {
    expect(commentLines('  하나 \r\n\r\n둘\r셋\n\n 넷👍 \n')).toEqual(['하나', '둘', '셋', '넷👍']);
    expect(commentLines(' \n\t\n')).toEqual([]);
  });
});

describe('validateOrder for Custom Comments', () => {
  it('takes 2–4 lines without an amount, or with the amount equal to the lines', () => {
    expect(order(comments, { comments: 'a\nb' })).toBeNull();
    expect(order(comments, { comments: 'a\nb\nc', amount: 3 })).toBeNull();
    expect(orderAmount(comments, { comments: 'a\r\n\r\nb\nc' })).toBe(3);
    expect(orderComments(comments, { comments: ' a \r\nb' })).toBe('a\nb');
  });

  it('refuses no comments, too few or too many, a disagreeing amount, long or control lines, drip-feed', () => {
    expect(order(comments, {})).toBe(M.COMMENTS_REQUIRED);
    expect(order(comments, { comments: '\n  \n' })).toBe(M.COMMENTS_REQUIRED);
    expect(order(comments, { comments: 'a' })).toBe(M.COMMENTS_BELOW_MIN);
    expect(order(comments, { comments: 'a\nb\nc\nd\ne' })).toBe(M.COMMENTS_ABOVE_MAX);
    expect(order(comments, { comments: 'a\nb', amount: 3 })).toBe(M.COMMENTS_AMOUNT_MISMATCH);
    expect(order(comments, { comments: `a\n${'가'.repeat(501)}` })).toBe(M.COMMENT_TOO_LONG);
    // 500 characters counted as characters, emoji included.
    expect(order(comments, { comments: `a\n${'👍'.repeat(500)}` })).toBeNull();
    expect(order(comments, { comments: 'a\nb\u0000' })).toBe(M.COMMENT_CONTROL);
    expect(order(comments, { comments: 'a\nb', runs: 3, interval: 60 })).toBe(M.AUTO_NOT_ALLOWED);
  });
});

describe('validateOrder for a Package and for Default', () => {
  it('a Package takes no amount or exactly its quantity, and no comments', () => {
    expect(order(pack, {})).toBeNull();
    expect(order(pack, { amount: 100 })).toBeNull();
    expect(orderAmount(pack, {})).toBe(100);
    expect(orderComments(pack, { comments: 'x' })).toBeNull();
    expect(order(pack, { amount: 50 })).toBe(M.PACKAGE_AMOUNT_FIXED);
    expect(order(pack, { comments: '좋아요' })).toBe(M.COMMENTS_NOT_ACCEPTED);
    expect(order(pack, { runs: 2, interval: 60 })).toBe(M.AUTO_NOT_ALLOWED);
  });

  it('a Default service needs its amount and refuses comments (blank comments are none)', () => {
    expect(order(plain, { amount: 10 })).toBeNull();
    expect(order(plain, { amount: 10, comments: ' \n' })).toBeNull();
    expect(order(plain, {})).toBe(M.AMOUNT_NOT_INTEGER);
    expect(order(plain, { amount: 10, comments: '좋아요' })).toBe(M.COMMENTS_NOT_ACCEPTED);
    expect(orderAmount(plain, { amount: 25 })).toBe(25);
  });

  it('the v2 error names what to fix', () => {
    expect(v2ErrorForOrderRule(M.PACKAGE_AMOUNT_FIXED, pack)).toBe(packageQuantityFixed(100));
    expect(v2ErrorForOrderRule(M.COMMENTS_BELOW_MIN, comments)).toBe('Quantity less than minimal 2');
    expect(v2ErrorForOrderRule(M.COMMENTS_REQUIRED, comments)).toBe(V2_ERRORS.COMMENTS_REQUIRED);
    expect(v2ErrorForOrderRule(M.COMMENTS_NOT_ACCEPTED, plain)).toBe(V2_ERRORS.COMMENTS_NOT_ACCEPTED);
    expect(v2ErrorForOrderRule(M.COMMENTS_AMOUNT_MISMATCH, comments)).toBe(V2_ERRORS.COMMENTS_COUNT_MISMATCH);
  });
});

describe('the service form and the import', () => {
  const base: ServiceInput = {
    text: '댓글',
    unitPriceMilli: 1000,
    min: 5,
    max: 100,
    notice: '',
    refillDays: 0,
    providerId: null,
    providerServiceId: '',
  };
  it('a Package has min = max; Custom Comments at most 10,000 lines; auto-orders only for Default', () => {
    expect(validateServiceInput({ ...base, type: 'package' })).toBe(CATALOG_MESSAGES.PACKAGE_QUANTITY_FIXED);
    expect(validateServiceInput({ ...base, type: 'package', max: 5 })).toBeNull();
    expect(validateServiceInput({ ...base, type: 'custom_comments', max: 10_001 })).toBe(
      CATALOG_MESSAGES.COMMENTS_MAX_TOO_LARGE,
    );
    expect(validateServiceInput({ ...base, type: 'custom_comments', enableAuto: true })).toBe(
      CATALOG_MESSAGES.AUTO_ONLY_DEFAULT,
    );
    expect(validateServiceInput({ ...base, type: 'default', enableAuto: true })).toBeNull();
    expect(validateServiceInput({ ...base, type: 'poll' as never })).toBe(
      CATALOG_MESSAGES.SERVICE_TYPE_INVALID,
    );
  });

  it("reads an upstream provider's type in any spelling; other types are not ours", () => {
    expect(serviceTypeOfProviderType('Default')).toBe('default');
    expect(serviceTypeOfProviderType('')).toBe('default');
    expect(serviceTypeOfProviderType('Custom Comments')).toBe('custom_comments');
    expect(serviceTypeOfProviderType('custom_comments')).toBe('custom_comments');
    expect(serviceTypeOfProviderType(' PACKAGE ')).toBe('package');
    expect(serviceTypeOfProviderType('Poll')).toBeNull();
    expect(serviceTypeOfProviderType('Mentions with Hashtags')).toBeNull();
  });
});
