/**
 * Ids the OpenAPI document's request examples use (the `bodyExample` beside each route's body): where
 * one stands, a caller puts the id of its own workspace, project, reply or brand voice.
 */
export const exampleIds = {
  workspace: '3f6c2a9e-8b41-4c7d-9e25-71d0b6a4c8f1',
  project: '9a1d7e34-5c62-4f08-b3a9-2e4c61f0d7b5',
  entry: 'c47e0b92-1d3a-4e65-8f17-5b9a2d6c3e40',
  brandVoice: '5e2b8c71-9f04-4a3d-a6e8-d13c70b5f294',
  /** A link's token, as invitation e-mails carry it. */
  invitationToken: 'Qm9zcXVlIGRlIGVqZW1wbG8gcGFyYSBlbCBlbmxhY2U',
} as const;
