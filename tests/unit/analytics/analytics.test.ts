import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureAnalytics, trackEvent, trackPageView, type AnalyticsContext } from '@/analytics';

type Hit = [command: string, name: string, params: Record<string, unknown>];

const context: AnalyticsContext = { merchantCode: 'MC000123', userId: 42, serviceName: 'merchant-portal' };
let hits: Hit[];

beforeEach(() => {
  hits = [];
  (window as unknown as { gtag?: unknown }).gtag = (...args: Hit) => hits.push(args);
  configureAnalytics({ getContext: () => context });
  window.history.replaceState(null, '', '/portal/app/dashboard');
});

afterEach(() => {
  delete (window as unknown as { gtag?: unknown }).gtag;
  delete (window as unknown as { dataLayerPush?: unknown }).dataLayerPush;
  configureAnalytics({});
});

const origin = () => window.location.origin;

describe('trackPageView', () => {
  it('sends a page_view with merchant code, user id, service name, page location, user agent and app version', () => {
    trackPageView('/portal/app/transaction-history?pageSize=20');
    expect(hits).toEqual([
      [
        'event',
        'page_view',
        {
          merchant_code: 'MC000123',
          user_id: 42,
          service_name: 'merchant-portal',
          app_version: '1.25.100',
          user_agent: navigator.userAgent,
          page_location: `${origin()}/portal/app/transaction-history?pageSize=20`,
        },
      ],
    ]);
    expect(navigator.userAgent).not.toBe('');
  });

  it('uses the current address by default, and prefixes router locations with the base path', () => {
    trackPageView();
    configureAnalytics({ getContext: () => context, basePath: '/portal' });
    trackPageView({ pathname: '/app/report-center/transaction-report', search: '?type=TRANSACTION_REPORT', hash: '' });
    trackPageView({ pathname: '/portal/app/welcome' });
    expect(hits.map(([, , params]) => params.page_location)).toEqual([
      `${origin()}/portal/app/dashboard`,
      `${origin()}/portal/app/report-center/transaction-report?type=TRANSACTION_REPORT`,
      `${origin()}/portal/app/welcome`,
    ]);
  });

  it('never sends tokens, OTPs, phone numbers or e-mail addresses in the page location', () => {
    trackPageView('/portal/auth/sso-check?token=tok-secret-1&otp=123456&phone=0912345678&email=ke.toan@example.vn&next=%2Fapp');
    const location = String(hits[0][2].page_location);
    for (const secret of ['tok-secret-1', '123456', '0912345678', 'ke.toan@example.vn']) expect(location).not.toContain(secret);
    expect(location).toContain('next=%2Fapp');
  });
});

describe('trackEvent', () => {
  it('sends the parameters with the context attached', () => {
    trackEvent('export_report', { report_type: 'TRANSACTION_REPORT', rows: 20, xlsx: true });
    expect(hits).toEqual([
      [
        'event',
        'export_report',
        {
          report_type: 'TRANSACTION_REPORT',
          rows: 20,
          xlsx: true,
          merchant_code: 'MC000123',
          user_id: 42,
          service_name: 'merchant-portal',
          app_version: '1.25.100',
          user_agent: navigator.userAgent,
          page_location: `${origin()}/portal/app/dashboard`,
        },
      ],
    ]);
  });

  it('drops secrets and personal data at any depth and masks them inside text', () => {
    trackEvent('login_failed', {
      password: 'S3cret!Pass',
      accessToken: 'tok-abc',
      otp: '482913',
      phoneNumber: '0912345678',
      email: 'chu.cua.hang@example.vn',
      note: 'Gọi 0912 345 678 hoặc +84 912 345 679, mail chu.cua.hang@example.vn',
      url: '/api/authentication/v1/login?token=tok-def&lang=vi',
      detail: { user: { smartOtp: '775511', name: 'Cửa hàng A' } },
      username: '0987654321',
    });
    const [, , params] = hits[0];
    const sent = JSON.stringify(params);
    for (const secret of ['S3cret!Pass', 'tok-abc', '482913', '0912345678', '0912 345 678', '+84 912 345 679', 'chu.cua.hang@example.vn', 'tok-def', '775511', '0987654321']) {
      expect(sent).not.toContain(secret);
    }
    expect(Object.keys(params)).not.toEqual(expect.arrayContaining(['password', 'accessToken', 'otp', 'phoneNumber', 'email']));
    expect(params.url).toBe('/api/authentication/v1/login?token=[REDACTED]&lang=vi');
    expect(params.note).toBe('Gọi [PHONE] hoặc [PHONE], mail [EMAIL]');
    expect(params.username).toBe('[PHONE]');
    expect(String(params.detail)).toContain('Cửa hàng A');
  });

  it('lets no parameter pose as the context', () => {
    trackEvent('x', { merchant_code: 'OTHER', user_id: 7, app_version: '0.0.1' });
    expect(hits[0][2]).toMatchObject({ merchant_code: 'MC000123', user_id: 42, app_version: '1.25.100' });
  });

  it('makes event names analytics-safe and drops unusable ones', () => {
    trackEvent('Export Report!', {});
    trackEvent('a'.repeat(60), {});
    trackEvent('1st', {});
    trackEvent('', {});
    expect(hits.map(([, name]) => name)).toEqual(['Export_Report_', 'a'.repeat(40)]);
  });

  it('keeps values within the analytics limits', () => {
    trackEvent('x', { long: 'a'.repeat(500), big: 10n, nan: Number.NaN, fn: () => 1, none: null });
    expect(hits[0][2]).toMatchObject({ long: 'a'.repeat(100), big: '10' });
    expect(hits[0][2]).not.toHaveProperty('nan');
    expect(hits[0][2]).not.toHaveProperty('fn');
    expect(hits[0][2]).not.toHaveProperty('none');
  });
});

describe('robustness', () => {
  it('does nothing when the global is absent', () => {
    delete (window as unknown as { gtag?: unknown }).gtag;
    expect(() => trackPageView('/portal/app/welcome')).not.toThrow();
    expect(() => trackEvent('x', { a: 1 })).not.toThrow();
  });

  it('survives a global that throws and a context getter that throws', () => {
    (window as unknown as { gtag: unknown }).gtag = () => {
      throw new Error('blocked by an ad blocker');
    };
    expect(() => trackPageView()).not.toThrow();

    const gtag = vi.fn();
    (window as unknown as { gtag: unknown }).gtag = gtag;
    configureAnalytics({ getContext: () => { throw new Error('storage unreadable'); } });
    trackEvent('x', {});
    expect(gtag).toHaveBeenCalledWith('event', 'x', expect.objectContaining({ service_name: 'merchant-portal', app_version: '1.25.100' }));
    expect(gtag.mock.calls[0][2]).not.toHaveProperty('merchant_code');
    expect(gtag.mock.calls[0][2]).not.toHaveProperty('user_id');
  });

  it('uses a configured global name', () => {
    const dataLayerPush = vi.fn();
    (window as unknown as { dataLayerPush: unknown }).dataLayerPush = dataLayerPush;
    configureAnalytics({ getContext: () => context, globalName: 'dataLayerPush' });
    trackPageView('/portal/app/welcome');
    expect(dataLayerPush).toHaveBeenCalledOnce();
    expect(hits).toEqual([]);
  });

  it('ignores a global that is not a function', () => {
    (window as unknown as { gtag: unknown }).gtag = { push: 1 };
    expect(() => trackEvent('x', {})).not.toThrow();
  });
});
