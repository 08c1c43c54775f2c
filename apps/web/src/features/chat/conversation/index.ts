// The conversation's contract with the chat page (issue 9): everything under the chat header.
export { ChatConversation, type ChatConversationProps } from './chat-conversation.tsx';
