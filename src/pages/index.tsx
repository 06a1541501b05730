export default function Home() {
  return <div>首页</div>;
}
