package dev.sluice.sentry.launch;

/**
 * A test's {@link Spawner} whose processes are still this JVM's children, started its own way
 * ({@link #spawn}, usually through {@link Spawner#LOCAL}); waiting and the parent pid are LOCAL's.
 */
public abstract class ChildSpawner implements Spawner {
    @Override
    public int parentPid() {
        return LOCAL.parentPid();
    }

    @Override
    public int waitFor(int pid) {
        return LOCAL.waitFor(pid);
    }
}
