/**
 * 证书查看: a number in the URL shows the certificate document with its state and a QR code
 * pointing back to the page; an unknown number says 未查询到该证书 without a toast; a
 * malformed number is refused in the form before any request.
 */
import { App } from 'antd';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import CertificateViewPage from '@/pages/certificate-view';
import { ok, recordRequests, server, VALID_UNIT_CERTIFICATE } from '../../mock';

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
    expect(doc).toHaveTextContent('已注销');
    expect(doc).toHaveTextContent('2025年12月31日注销：本人离职，所在单位申请注销。');
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
