"""Results by e-mail (#33): the outbox of an event's messages, their sending, unsubscribing, and a
member's data on request (export and erasure)."""
