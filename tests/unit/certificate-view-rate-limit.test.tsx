/** /certificate-view: a burst of look-ups from one address (HTTP 429) shows the server's words. */
import { App } from 'antd';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE } from '@common/schemas/certificates';
import CertificateViewPage from '@/pages/certificate-view';
import { answerEnvelope, failure, server } from '../../mock';

describe('/certificate-view rate limit', () => {
  it('says look-ups are too frequent instead of blaming the network', async () => {
    server.use(answerEnvelope('get', '/public/certificates/WPDW2024001', failure(10, CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE), 429));
    render(
      <App>
        <MemoryRouter initialEntries={['/certificate-view?no=WPDW2024001']}>
          <Routes>
            <Route path="/certificate-view" element={<CertificateViewPage />} />
          </Routes>
        </MemoryRouter>
      </App>,
    );
    expect(await screen.findByText(CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('查询失败，请检查网络后重试。')).toBeNull();
  });
});
