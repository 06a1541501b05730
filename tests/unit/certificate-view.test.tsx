/**
 * 证书查看: a number in the URL shows the certificate document with its state and a QR code
 * pointing back to the page; an unknown number says 未查询到该证书 without a toast; a
 * malformed number is refused in the form before any request. Staff (证书预览) also get a
 * searchable list (certificate:view) and 吊销证书 (certificate:revoke): a reason, a
 * confirmation, and the page shows 已吊销 with the reason at once; the public gets neither.
 */
import { App } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UmiMax from '@umijs/max';
import access from '@/access';
import { APP_NAME, type InitialState } from '@/initialState';
import CertificateViewPage from '@/pages/certificate-view';
import { setToken } from '@/storage';
import {
  ACTIVE_PRACTITIONER_CERTIFICATE,
  certificateCalls,
  certificatesDb,
  ok,
  recordRequests,
  server,
  superAdmin,
  VALID_UNIT_CERTIFICATE,
} from '../../mock';

/** Who the page thinks is logged in: nobody unless a test says so. */
const state: { current: InitialState } = { current: { name: APP_NAME } };

vi.mock('@umijs/max', async (importOriginal) => {
  const actual = await importOriginal<typeof UmiMax>();
  return { ...actual, useAccess: (() => access(state.current)) as typeof UmiMax.useAccess };
});

beforeEach(() => {
  state.current = { name: APP_NAME };
});

/** Logged in as the super administrator, seen by the page as holding only `codes` (all by default). */
function asStaff(codes: readonly string[] = superAdmin.user.permissions) {
  setToken(superAdmin.token);
  state.current = { name: APP_NAME, currentUser: { ...superAdmin.user, permissions: [...codes] } };
}

function Where() {
  const { search } = useLocation();
  return <div data-testid="where">{search}</div>;
}

function renderAt(url: string) {
  return render(
    <App>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/certificate-view"
            element={
              <>
                <CertificateViewPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

describe('/certificate-view', () => {
  it('shows a valid member certificate with its number, dates, state and QR code', async () => {
    renderAt('/certificate-view?no=WPDW2024001');
    const doc = await screen.findByRole('article', { name: '会员证书 WPDW2024001' });
    expect(doc).toHaveTextContent('之江社会风险研究院有限公司');
    expect(doc).toHaveTextContent('副会长单位');
    expect(doc).toHaveTextContent('会员编号HY2024001');
    expect(doc).toHaveTextContent('发证日期2024年3月15日');
    expect(doc).toHaveTextContent('有效期至2027年3月14日');
    expect(doc).toHaveTextContent('有效');
    expect(doc.querySelector('svg')).not.toBeNull();
    expect(screen.getByText('打印证书')).toBeInTheDocument();
  });

  it('shows a revoked certificate as revoked, with the day and reason', async () => {
    renderAt('/certificate-view?no=CY2023-0007');
    const doc = await screen.findByRole('article', { name: '从业人员证书 CY2023-0007' });
    expect(doc).toHaveTextContent('已吊销');
    expect(doc).toHaveTextContent('2025年12月31日吊销，原因：本人离职，所在单位申请注销。');
  });

  it('says 未查询到该证书 for an unknown number, with no toast', async () => {
    renderAt('/certificate-view?no=NOPE-1');
    expect(await screen.findByText('未查询到该证书')).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-message-notice, .ant-notification-notice')).toHaveLength(0);
  });

  it('checks the typed number before asking the server, then puts it in the URL', async () => {
    const { handler, requests } = recordRequests('get', '/public/certificates/:number', ok(VALID_UNIT_CERTIFICATE));
    server.use(handler);
    renderAt('/certificate-view');
    const input = screen.getByLabelText('证书编号');
    fireEvent.change(input, { target: { value: '<script>' } });
    fireEvent.click(screen.getByText('查 询').closest('button') ?? screen.getByText('查询'));
    expect(await screen.findByRole('alert')).toHaveTextContent('证书编号只包含字母、数字和短横线');
    expect(requests).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'wpdw2024001' } });
    fireEvent.submit(input.closest('form')!);
    await screen.findByRole('article', { name: '会员证书 WPDW2024001' });
    expect(screen.getByTestId('where').textContent).toBe('?no=WPDW2024001');
  });
});

describe('/certificate-view for staff (证书预览)', () => {
  it('offers the public neither the list nor 吊销证书', async () => {
    renderAt(`/certificate-view?no=${ACTIVE_PRACTITIONER_CERTIFICATE.number}`);
    await screen.findByRole('article', { name: `从业人员证书 ${ACTIVE_PRACTITIONER_CERTIFICATE.number}` });
    expect(screen.queryByText('证书列表')).toBeNull();
    expect(screen.queryByText('吊销证书')).toBeNull();
    expect(certificateCalls).toHaveLength(0);
  });

  it('lets staff with certificate:view find a certificate without its number and open it', async () => {
    asStaff(['certificate:view']);
    renderAt('/certificate-view');
    fireEvent.click(await screen.findByText('证书列表'));
    const drawer = (await screen.findByText('证书列表', { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement;
    await within(drawer).findByText(VALID_UNIT_CERTIFICATE.number);
    expect(within(drawer).getByText('共 3 条')).toBeInTheDocument();

    fireEvent.change(within(drawer).getByLabelText('证书编号或持证人'), { target: { value: '李评估' } });
    fireEvent.keyDown(within(drawer).getByLabelText('证书编号或持证人'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(within(drawer).queryByText(VALID_UNIT_CERTIFICATE.number)).toBeNull());
    expect(certificateCalls.at(-1)?.query).toMatchObject({ keyword: '李评估', current: '1' });

    fireEvent.click(within(drawer).getByText(ACTIVE_PRACTITIONER_CERTIFICATE.number));
    await screen.findByRole('article', { name: `从业人员证书 ${ACTIVE_PRACTITIONER_CERTIFICATE.number}` });
    expect(screen.getByTestId('where').textContent).toBe(`?no=${ACTIVE_PRACTITIONER_CERTIFICATE.number}`);
    // Viewing is not revoking.
    expect(screen.queryByText('吊销证书')).toBeNull();
  });

  it('revokes with a reason and a confirmation, and shows 已吊销 with the reason at once', async () => {
    asStaff();
    renderAt(`/certificate-view?no=${ACTIVE_PRACTITIONER_CERTIFICATE.number}`);
    const doc = await screen.findByRole('article', { name: `从业人员证书 ${ACTIVE_PRACTITIONER_CERTIFICATE.number}` });
    expect(doc).toHaveTextContent('有效');
    fireEvent.click(await screen.findByText('吊销证书'));
    const dialog = (await screen.findByText(`吊销证书：${ACTIVE_PRACTITIONER_CERTIFICATE.number}`)).closest('.ant-modal') as HTMLElement;

    // No reason: refused in the form, nothing sent.
    fireEvent.click(within(dialog).getByText('吊 销'));
    expect(await within(dialog).findByText('请填写吊销原因')).toBeInTheDocument();
    expect(certificateCalls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('吊销原因'), { target: { value: '出借证书，违反行业自律公约' } });
    fireEvent.click(within(dialog).getByText('吊 销'));
    // Asked once more before anything happens.
    fireEvent.click(await screen.findByText('确认吊销'));
    await waitFor(() => expect(certificateCalls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(certificateCalls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/v1/certificates/cert-3/revoke',
      body: { reason: '出借证书，违反行业自律公约' },
    });
    await waitFor(() => expect(screen.getByRole('article')).toHaveTextContent('已吊销'));
    expect(screen.getByRole('article')).toHaveTextContent('原因：出借证书，违反行业自律公约');
    expect(screen.queryByText('吊销证书')).toBeNull();
    expect(certificatesDb.records.find((r) => r.id === 'cert-3')?.status).toBe('revoked');
  });

  it('offers no 吊销证书 for a certificate already revoked', async () => {
    asStaff();
    renderAt('/certificate-view?no=CY2023-0007');
    await screen.findByRole('article', { name: '从业人员证书 CY2023-0007' });
    expect(await screen.findByText('证书列表')).toBeInTheDocument();
    expect(screen.queryByText('吊销证书')).toBeNull();
  });
});
