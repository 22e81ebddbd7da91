/** A contract document as structured plain text (no HTML): rendered escaped on the confirm step and the order's contracts page. */
export interface ContractSection {
  heading: string;
  paragraphs: string[];
  table?: string[][];
}

export interface ContractDoc {
  title: string;
  sections: ContractSection[];
}
