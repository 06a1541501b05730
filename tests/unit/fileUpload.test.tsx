/**
 * <FileUpload/> against the mock's stateful files API (mock/files.ts): the normal path posts the
 * multipart fields, the 秒传 path posts nothing, progress shows as percentages, and a
 * server refusal shows its Chinese message.
 */
import { createHash, randomBytes } from 'node:crypto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Form } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import FileUpload, { allUploaded, type FileUploadItem, type FileUploadProps } from '@/components/FileUpload';
import { matchesAccept } from '@/components/FileUpload/accept';
import { failNextUpload, fileCalls, memberUnit, seedFileContent, setUploadDelay, uploadedRecords } from '../../mock';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function Harness(props: FileUploadProps & { onValue?: (v: FileUploadItem[]) => void }) {
  const [value, setValue] = useState<FileUploadItem[]>([]);
  return (
    <App>
      <FileUpload
        {...props}
        value={value}
        onChange={(v) => {
          setValue(v);
          props.onValue?.(v);
        }}
      />
    </App>
  );
}

function fileOf(bytes: Buffer, name: string, type = 'application/pdf'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** Every text the document showed that matches `pattern`, however briefly (hashing is fast). */
function watchTexts(pattern: RegExp): string[] {
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    for (const match of document.body.textContent?.match(new RegExp(pattern, 'g')) ?? []) {
      if (!seen.includes(match)) seen.push(match);
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  // The files of a worker share one document (vitest.config.mts): stop watching with the test.
  onTestFinished(() => observer.disconnect());
  return seen;
}

function setup(props: FileUploadProps = {}) {
  const values: FileUploadItem[][] = [];
  const view = render(<Harness {...props} onValue={(v) => values.push(v)} />);
  const input = view.container.querySelector('input[type=file]') as HTMLInputElement;
  return { ...view, input, values, user: userEvent.setup({ applyAccept: false }) };
}

// The files mock is part of the default handlers; tests/unit/setup.ts resets it after each test.
beforeEach(() => {
  localStorage.setItem('token', memberUnit.token);
});

describe('FileUpload', () => {
  it('hashes with a visible percentage, posts fileId/md5/file and lists the file with preview and download', async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 17);
    const { input, user, values } = setup();
    const hashing = watchTexts(/校验中 \d+%/);
    await user.upload(input, fileOf(bytes, '资质证书.pdf'));
    const link = await screen.findByRole('link', { name: '资质证书.pdf' });
    expect(link.getAttribute('href')).toMatch(/\/api\/v1\/file\/view\//);
    // 5 MB in 2 MB chunks: 0%, 33%, 66% (React may batch some of them away), then done.
    expect(hashing).toContain('校验中 0%');
    expect(hashing.some((t) => /校验中 (33|66)%/.test(t))).toBe(true);
    expect(screen.getByText('下载').closest('a')?.getAttribute('href')).toMatch(/\/api\/v1\/file\/download\//);

    const posts = fileCalls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/api/v1/file/upload']);
    // The multipart fields (the test DOM cannot carry the bytes through msw: see mock/files.ts).
    const [stored] = uploadedRecords();
    const md5 = createHash('md5').update(bytes).digest('hex');
    expect(stored.md5).toBe(md5);
    expect(stored.fileId).toMatch(UUID_V4);
    const last = values[values.length - 1];
    expect(last).toEqual([{ fileId: stored.fileId, name: '资质证书.pdf', size: bytes.length, status: 'done', md5, error: undefined }]);
    expect(allUploaded(last)).toBe(true);
    expect(values.some((v) => v[0]?.status === 'hashing')).toBe(true);
  });

  it('skips the upload when the server has the content (秒传)', async () => {
    const bytes = randomBytes(3000);
    seedFileContent(createHash('md5').update(bytes).digest('hex'), bytes.length);
    const { input, user } = setup();
    await user.upload(input, fileOf(bytes, '已有文件.pdf'));
    expect(await screen.findByText('秒传')).toBeInTheDocument();
    expect(fileCalls.map((c) => `${c.method} ${c.path}`)).not.toContain('POST /api/v1/file/upload');
    expect(fileCalls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/v1/file/upload/instant');
  });

  it('shows the upload percentage while the request is on its way', async () => {
    setUploadDelay(400);
    const { input, user } = setup();
    const uploading = watchTexts(/上传中 \d+%/);
    await user.upload(input, fileOf(randomBytes(2000), 'a.pdf'));
    await waitFor(() => expect(uploading.length).toBeGreaterThan(0));
    // Done (the name becomes the preview link): a test that ended with the delayed upload still
    // on its way let it take the next test's failNextUpload, and that test saw a success.
    expect(await screen.findByRole('link', { name: 'a.pdf' })).toBeInTheDocument();
  });

  it("shows the server's message when the upload is refused", async () => {
    failNextUpload(10, '文件过大：单个文件不能超过 1 KB', 413);
    const { input, user, values } = setup();
    await user.upload(input, fileOf(randomBytes(2000), 'big.pdf'));
    expect(await screen.findByText('上传失败：文件过大：单个文件不能超过 1 KB')).toBeInTheDocument();
    expect(values[values.length - 1][0]).toMatchObject({ status: 'error' });
    expect(allUploaded(values[values.length - 1])).toBe(false);
  });

  it('refuses files over maxSize or of another type', async () => {
    const { input, user } = setup({ maxSize: 1000, accept: '.pdf,image/*' });
    await user.upload(input, fileOf(randomBytes(2000), 'large.pdf'));
    expect(await screen.findByText('文件「large.pdf」超过 1000 B，无法上传')).toBeInTheDocument();
    // antd's Upload drops files outside `accept` itself (the picker filters them too).
    await user.upload(input, fileOf(randomBytes(10), 'run.exe', 'application/x-msdownload'));
    expect(screen.queryByText('run.exe')).toBeNull();
    expect(fileCalls).toEqual([]);
  });

  it('takes no more than maxCount files', async () => {
    const { input, user } = setup({ maxCount: 1, multiple: true });
    await user.upload(input, [fileOf(randomBytes(10), 'one.pdf'), fileOf(randomBytes(10), 'two.pdf')]);
    expect(await screen.findByText('最多只能上传 1 个文件')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'one.pdf' });
    expect(screen.queryByText('two.pdf')).toBeNull();
  });

  it('removes a file from the value', async () => {
    const { input, user, values } = setup();
    await user.upload(input, fileOf(randomBytes(100), 'gone.pdf'));
    await screen.findByRole('link', { name: 'gone.pdf' });
    await user.click(screen.getByRole('button', { name: /删除 gone.pdf/ }));
    await waitFor(() => expect(values[values.length - 1]).toEqual([]));
    expect(screen.queryByText('gone.pdf')).toBeNull();
  });

  it('works as an antd Form field', async () => {
    let submitted: unknown;
    function FormHarness() {
      const [form] = Form.useForm();
      return (
        <App>
          <Form form={form} onFinish={(v) => (submitted = v)}>
            <Form.Item name="files">
              <FileUpload />
            </Form.Item>
            <button type="submit">提交</button>
          </Form>
        </App>
      );
    }
    const view = render(<FormHarness />);
    const user = userEvent.setup();
    await user.upload(view.container.querySelector('input[type=file]') as HTMLInputElement, fileOf(randomBytes(100), 'f.pdf'));
    await screen.findByRole('link', { name: 'f.pdf' });
    await user.click(screen.getByText('提交'));
    await waitFor(() => expect(submitted).toMatchObject({ files: [{ name: 'f.pdf', status: 'done' }] }));
  });
});

describe('matchesAccept', () => {
  it('matches extensions and MIME patterns', () => {
    expect(matchesAccept({ name: 'A.PDF', type: '' }, '.pdf')).toBe(true);
    expect(matchesAccept({ name: 'a.png', type: 'image/png' }, '.pdf,image/*')).toBe(true);
    expect(matchesAccept({ name: 'a.exe', type: 'application/x-msdownload' }, '.pdf,image/*')).toBe(false);
    expect(matchesAccept({ name: 'a.exe', type: '' }, undefined)).toBe(true);
  });
});
