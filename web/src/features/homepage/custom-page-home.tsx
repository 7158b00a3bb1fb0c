import { CustomPage } from '../custom-pages/custom-page';
import { ShellFrame } from '../shell/shell-layout';

/** A custom page as the homepage, between the site's navbar and footer. */
export function CustomPageHome({ slug }: { slug: string }) {
  return (
    <ShellFrame>
      <CustomPage slug={slug} />
    </ShellFrame>
  );
}
