import { ProviderImagesPanel } from '../features/provider-images/components/provider-images-panel.tsx';
import { ProviderArea, useActingProvider } from '../shared-features/provider-area/provider-area.tsx';

/**
 * `/provider/images` "Logo and photos": the provider area's frame (its switcher and sections) around
 * the images of the provider the person acts for. Composed here because a feature never imports
 * another; the provider profile (issue 23 §2) may take the sections into its tabs instead.
 */
export function ProviderImagesPage() {
  return (
    <ProviderArea section="images">
      <ActingProviderImages />
    </ProviderArea>
  );
}

function ActingProviderImages() {
  const acting = useActingProvider();
  return <ProviderImagesPanel acting={acting} />;
}
