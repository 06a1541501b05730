import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function CarouselNewsPage() {
  return <ManagePagePlaceholder path="/Manage/carousel-news" />;
}
