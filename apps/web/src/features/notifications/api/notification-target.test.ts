import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notifications-api.ts';

describe('notificationTarget', () => {
  it('opens in-app paths only', () => {
    expect(notificationTarget('/timesheet/request-management?id=4')).toBe('/timesheet/request-management?id=4');
    expect(notificationTarget(' /notifications ')).toBe('/notifications');
    expect(notificationTarget('https://evil.example/x')).toBeNull();
    expect(notificationTarget('//evil.example/x')).toBeNull();
    expect(notificationTarget('javascript:alert(1)')).toBeNull();
    expect(notificationTarget(null)).toBeNull();
    expect(notificationTarget('')).toBeNull();
  });
});
