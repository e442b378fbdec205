import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, fileNameFromContentDisposition, type DownloadOptions, type FetchedFile } from '@/files';
import { translator } from './i18n';

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function setup(overrides: Partial<DownloadOptions> = {}) {
  const notify = vi.fn();
  const save = vi.fn();
  const options: DownloadOptions = { notify, t: translator('vi'), save, accept: [CSV, XLSX], ...overrides };
  return { notify, save, options };
}

const fetched = (file: FetchedFile) => () => Promise.resolve(file);

describe('downloadFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it("saves a valid file and says 'Tải file thành công!'", async () => {
    const { notify, save, options } = setup();
    const blob = new Blob(['\uFEFFMã,Tên\r\n'], { type: CSV });
    expect(await downloadFile(fetched({ blob, fileName: 'Báo cáo.csv' }), options)).toBe('saved');
    expect(save).toHaveBeenCalledWith(blob, 'Báo cáo.csv');
    expect(notify.mock.calls).toEqual([['Tải file thành công!', { type: 'success' }]]);
  });

  it('names the file from the call, else the option, else "download"', async () => {
    const blob = new Blob(['x'], { type: XLSX });
    const withOption = setup({ fileName: 'giao-dich.xlsx' });
    await downloadFile(fetched({ blob }), withOption.options);
    expect(withOption.save).toHaveBeenCalledWith(blob, 'giao-dich.xlsx');
    const bare = setup();
    await downloadFile(fetched({ blob, fileName: '' }), bare.options);
    expect(bare.save).toHaveBeenCalledWith(blob, 'download');
  });

  it.each<[string, FetchedFile]>([
    ['an empty blob', { blob: new Blob([], { type: CSV }) }],
    ['something that is not a blob (a decoded JSON answer)', { blob: { content: [] } }],
    ['no blob at all', { blob: undefined }],
    ['a file of another type', { blob: new Blob(['<html>'], { type: 'text/html' }) }],
    ['a JSON envelope', { blob: new Blob(['{"status":4,"message":"Không tìm thấy dữ liệu"}'], { type: 'application/json' }) }],
    ['a JSON envelope named by the response type only', { blob: new Blob(['{"status":0,"message":"ok"}']), contentType: 'application/json; charset=utf-8' }],
    ['an untyped envelope', { blob: new Blob([' {"status":500,"message":"x"}']) }],
    ['an octet-stream envelope', { blob: new Blob(['{"status":3,"message":"x"}'], { type: 'application/octet-stream' }) }],
  ])("says 'File không hợp lệ!' for %s and saves nothing", async (_name, file) => {
    const { notify, save, options } = setup();
    expect(await downloadFile(fetched(file), options)).toBe('invalid');
    expect(save).not.toHaveBeenCalled();
    expect(notify.mock.calls).toEqual([['File không hợp lệ!', { type: 'error' }]]);
  });

  it.each<[string, FetchedFile, readonly string[] | undefined]>([
    ['a type with parameters', { blob: new Blob(['a']), contentType: 'text/csv; charset=utf-8' }, [CSV]],
    ['a wildcard', { blob: new Blob(['a'], { type: 'text/plain' }) }, ['text/*']],
    ['an untyped file that is not an envelope', { blob: new Blob(['Mã,Tên\r\n']) }, [CSV]],
    ['binary octet-stream', { blob: new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: 'application/octet-stream' }) }, [XLSX]],
    ['any type when none is expected', { blob: new Blob(['%PDF'], { type: 'application/pdf' }) }, undefined],
    ['expected JSON that is not an envelope', { blob: new Blob(['[{"a":1}]'], { type: 'application/json' }) }, ['application/json']],
  ])('accepts %s', async (_name, file, accept) => {
    const { save, options } = setup({ accept });
    expect(await downloadFile(fetched(file), options)).toBe('saved');
    expect(save).toHaveBeenCalledOnce();
  });

  it("says 'Tải file thất bại!' when the call fails", async () => {
    const { notify, save, options } = setup();
    expect(await downloadFile(() => Promise.reject(new TypeError('Failed to fetch')), options)).toBe('failed');
    expect(save).not.toHaveBeenCalled();
    expect(notify.mock.calls).toEqual([['Tải file thất bại!', { type: 'error' }]]);
  });

  it('tells an HTTP failure from an envelope sent instead of the file', async () => {
    const httpFailure = Object.assign(new Error('Request failed with status code 500'), { status: 500, body: { status: 500, message: 'x' } });
    const failed = setup();
    expect(await downloadFile(() => Promise.reject(httpFailure), failed.options)).toBe('failed');

    const refusal = Object.assign(new Error('Không tìm thấy dữ liệu'), { status: 200, body: { status: 4, message: 'Không tìm thấy dữ liệu' } });
    const invalid = setup();
    expect(await downloadFile(() => Promise.reject(refusal), invalid.options)).toBe('invalid');
    expect(invalid.notify).toHaveBeenCalledWith('File không hợp lệ!', { type: 'error' });
  });

  it('reports a failed save as a failure, and survives a broken notifier', async () => {
    const blob = new Blob(['a'], { type: CSV });
    const saving = setup({ save: () => { throw new Error('blocked'); } });
    expect(await downloadFile(fetched({ blob }), saving.options)).toBe('failed');
    expect(saving.notify).toHaveBeenCalledWith('Tải file thất bại!', { type: 'error' });

    const broken = setup({ notify: () => { throw new Error('no host'); } });
    expect(await downloadFile(fetched({ blob }), broken.options)).toBe('saved');
  });

  it('speaks English with the English strings', async () => {
    const { notify, options } = setup({ t: translator('en') });
    await downloadFile(fetched({ blob: new Blob(['a'], { type: CSV }) }), options);
    await downloadFile(fetched({ blob: new Blob([], { type: CSV }) }), options);
    await downloadFile(() => Promise.reject(new Error('x')), options);
    expect(notify.mock.calls.map(([message]) => message)).toEqual(['File downloaded successfully!', 'Invalid file!', 'File download failed!']);
  });

  it('saves through saveBlob by default, with a safe name', async () => {
    const created: Blob[] = [];
    const originalCreate = URL.createObjectURL;
    const originalRevoke = URL.revokeObjectURL;
    URL.createObjectURL = (blob: Blob) => (created.push(blob), 'blob:http://localhost/x');
    URL.revokeObjectURL = () => undefined;
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      const blob = new Blob(['a'], { type: CSV });
      await downloadFile(fetched({ blob, fileName: '../Đối soát 01/2024.csv' }), { notify: vi.fn(), t: translator('vi'), accept: [CSV] });
      expect(created).toEqual([blob]);
      expect(names).toEqual(['_Đối soát 01_2024.csv']);
    } finally {
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
    }
  });
});

describe('fileNameFromContentDisposition', () => {
  it.each([
    [`attachment; filename="bao-cao.csv"; filename*=UTF-8''B%C3%A1o%20c%C3%A1o%20giao%20d%E1%BB%8Bch.csv`, 'Báo cáo giao dịch.csv'],
    [`attachment; filename*=utf-8''%C4%90%E1%BB%91i%20so%C3%A1t.xlsx`, 'Đối soát.xlsx'],
    [`attachment; filename*=UTF-8'vi'bao%20cao.csv`, 'bao cao.csv'],
    [`attachment; filename*=ISO-8859-1''caf%E9.csv`, 'café.csv'],
    [`attachment; filename="a \\"b\\".csv"`, 'a "b".csv'],
    [`attachment; filename=report.xlsx`, 'report.xlsx'],
    [`attachment; filename="fallback.csv"; filename*=UTF-8''%E0%A4%A.csv`, 'fallback.csv'],
    ['attachment', null],
    ['', null],
    [null, null],
  ])('%j → %j', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });
});
