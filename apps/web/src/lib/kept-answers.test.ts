import { describe, expect, it } from 'vitest';
import { answerAt, responseFieldId, withAnswer } from './kept-answers.ts';

describe('answers of a kept body under the keys of a 422', () => {
  it('reads and writes custom answers under responses.<field id>', () => {
    const body = { email: 'a@b.se', responses: { topic: 'x', other: 1 } };
    expect(answerAt(body, 'email')).toBe('a@b.se');
    expect(answerAt(body, 'responses.topic')).toBe('x');
    expect(withAnswer(body, 'responses.topic', 'y')).toEqual({ email: 'a@b.se', responses: { topic: 'y', other: 1 } });
    expect(withAnswer({}, 'responses.topic', 'y')).toEqual({ responses: { topic: 'y' } });
    expect(withAnswer(body, 'email', 'b@c.se')).toMatchObject({ email: 'b@c.se' });
  });

  it('names the custom field of a key', () => {
    expect(responseFieldId('responses.f_badge')).toBe('f_badge');
    expect(responseFieldId('email')).toBeNull();
  });
});
