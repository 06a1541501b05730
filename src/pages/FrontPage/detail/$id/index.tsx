/** /FrontPage/detail/:id: an article, or with ?type=notice a notice. */
import { useParams, useSearchParams } from '@umijs/max';
import ItemDetail from '../components/ItemDetail';

export default function DetailByIdPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  return <ItemDetail kind={params.get('type') === 'notice' ? 'notice' : 'article'} id={id} />;
}
