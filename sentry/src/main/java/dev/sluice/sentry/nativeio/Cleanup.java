package dev.sluice.sentry.nativeio;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A rollback stack for multi-step operations: {@link #add} an undo action after each step that
 * succeeds, {@link #release} once all of them have, and {@link #run} (or close) undoes whatever was
 * not released, newest first. An undo action that throws does not stop the others.
 */
public final class Cleanup implements AutoCloseable {
    private final Deque<Runnable> undo = new ArrayDeque<>();

    public void add(Runnable action) {
        undo.push(action);
    }

    /** Everything succeeded: forget the undo actions. */
    public void release() {
        undo.clear();
    }

    /** Runs the pending undo actions, newest first. */
    public void run() {
        RuntimeException first = null;
        while (!undo.isEmpty()) {
            try {
                undo.pop().run();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public void close() {
        run();
    }
}
