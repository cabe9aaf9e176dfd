import { DemoIndexPage } from '#web/features/demo/demo-page.tsx';

/** /demo (issue 14): every live demo. */
export default function Demos() {
  return <DemoIndexPage />;
}
