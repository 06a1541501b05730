import PublicPagePlaceholder from '@/components/PagePlaceholder/PublicPagePlaceholder';

export default function ContactPage() {
  return <PublicPagePlaceholder path="/FrontPage/Contact" />;
}
