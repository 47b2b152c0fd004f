import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { t } from '../i18n';

type Props = { children: ReactNode; /** The chart's reserved height, kept by the message. */ height: number };

/**
 * Around a lazily loaded chart: a chunk that failed to load (a deploy meanwhile, a lost connection)
 * leaves a sentence in the chart's place, and the table beside it, not a broken page.
 */
export class ChartBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Typography color="text.secondary" sx={{ height: this.props.height, display: 'grid', placeItems: 'center', textAlign: 'center' }}>
        {t('ui.chart.failed')}
      </Typography>
    );
  }
}
