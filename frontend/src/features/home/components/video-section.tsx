import { PromoVideo } from './promo-video';
import { Section } from './section';

export function VideoSection() {
  return (
    <Section id="video" title="Experience Our Temple" subtitle="Recent Event Celebrations">
      <PromoVideo />
    </Section>
  );
}
