// The server's import schemas (ImportReportDto …), from the generated API types.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

export type ImportKind = Schemas['ImportKindDto'];
export type ImportFieldDto = Schemas['ImportFieldDto'];
export type ImportInspectionDto = Schemas['ImportInspectionDto'];
export type ImportIssueDto = Schemas['ImportIssueDto'];
export type ImportReportDto = Schemas['ImportReportDto'];
export type ImportSummaryDto = Schemas['ImportSummaryDto'];
export type ImportRunDto = Schemas['ImportRunDto'];
export type ImportMappingDto = Schemas['ImportMappingDto'];
