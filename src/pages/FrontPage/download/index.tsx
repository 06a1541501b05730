import PublicPagePlaceholder from '@/components/PagePlaceholder/PublicPagePlaceholder';

export default function DownloadPage() {
  return <PublicPagePlaceholder path="/FrontPage/download" />;
}
