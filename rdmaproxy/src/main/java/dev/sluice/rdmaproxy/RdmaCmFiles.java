package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.rdmacm.RdmaCmPolicy;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmSandbox;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The rdma_cm files of one sandbox that the sentry opened and executes commands on, each with its
 * own {@link RdmaCmPolicy} (ucma scopes ids to a file, {@code ucma_get_ctx}) and the lock of what
 * takes events off it. A file is known by the id of the mount it lies on ({@link
 * RdmaCmHost#mountId}): the sentry opens each through a detached mount of its own, which lives as
 * long as the file, so every dup of it (the guest's, the sentry's) shows the same id, and no other
 * file does while it is open. An id is reused only after its file closed: the sentry's next open
 * that gets it replaces the closed file's policy ({@link #opened}).
 */
final class RdmaCmFiles {
    /**
     * One open rdma_cm file.
     *
     * @param policy its policy
     * @param events held while an event is taken off the file (GET_EVENT) or may leave it
     *     (DESTROY_ID and LEAVE_MCAST drop the events of their id, MIGRATE_ID moves them to another
     *     file), so that an event {@code poll} saw is still there when GET_EVENT runs
     */
    record File(RdmaCmPolicy policy, ReentrantLock events) {}

    private final Supplier<RdmaCmSandbox> sandbox;
    private final Map<Long, File> files = new ConcurrentHashMap<>();

    /**
     * @param sandbox the sandbox's addresses and GIDs
     */
    RdmaCmFiles(Supplier<RdmaCmSandbox> sandbox) {
        this.sandbox = sandbox;
    }

    /** The sentry just opened a file on mount {@code mountId}: it starts with no ids. */
    File opened(long mountId) {
        File f = newFile();
        files.put(mountId, f);
        return f;
    }

    /** The file on mount {@code mountId}; one the sentry did not see opened starts with no ids. */
    File of(long mountId) {
        return files.computeIfAbsent(mountId, x -> newFile());
    }

    private File newFile() {
        return new File(new RdmaCmPolicy(sandbox.get()), new ReentrantLock());
    }
}
