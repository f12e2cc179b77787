/**
 * The envelope of a test 837 sent to Availity (receiver 030240928) by a billing company's submitter id, in test usage:
 * what the writers take besides the claims.
 */
export const availityEnvelope = (submitterId: string, control: number, date = new Date('2026-03-10T12:00:00Z')) => ({
  submitter: { name: `${submitterId} BILLING`, id: submitterId, contactName: 'BILLING OFFICE', phone: '3055552222' },
  receiver: { name: 'AVAILITY', id: '030240928' },
  interchange: { senderId: submitterId, receiverId: '030240928', control, usage: 'T' as const, date },
});
