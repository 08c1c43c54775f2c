// /pipeline composed here (features stay apart, tools/eslint/boundaries.js): the pipeline's screen
// with the CRM's lead panel in its card dialog (002 §2.4: lead info and the ticket panel).
import { LeadDetail } from '../features/leads/components/lead-detail.tsx';
import { PipelineScreen } from '../features/pipeline/components/pipeline-screen.tsx';

export function PipelineRoute() {
  return <PipelineScreen LeadPanel={LeadDetail} />;
}
