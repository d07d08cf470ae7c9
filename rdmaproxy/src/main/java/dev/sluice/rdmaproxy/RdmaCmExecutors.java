package dev.sluice.rdmaproxy;

import dev.sluice.sentry.nativeio.Errno;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.IntSupplier;

/**
 * The threads on which RDMAProxy executes rdma_cm commands and opens rdma_cm files (execute mode,
 * docs/rdma-drivers.md "rdma_cm"): one <b>launcher</b>, started by the thread that makes this
 * object, and one <b>executor</b> per network namespace that guests wrote rdma_cm commands from,
 * started by the launcher and joined to that namespace ({@code setns(CLONE_NEWNET)}) before it runs
 * anything.
 *
 * <p><b>Credentials.</b> {@code ucma_write} refuses (EACCES) a write whose writer's {@code struct
 * cred} is not the file's {@code f_cred}, by pointer ({@code ib_safe_file_access}). A thread made
 * with {@code clone(CLONE_THREAD)} shares its creator's {@code struct cred} (copy_creds), and
 * {@code setns} of a network namespace keeps it (only a user namespace commits new credentials), so
 * the launcher and every executor share one {@code struct cred}, the one of the thread that made
 * this object, as long as none of them changes its credentials, which none does. The sentry's
 * notification workers cannot serve here: each takes the guest's credentials and raises and lowers
 * capabilities per call ({@code WorkerCredentials}), each time a new {@code struct cred}. So this
 * object must be made on a thread with the sentry's own credentials (RDMAProxy's provider, on the
 * thread that starts the sandbox), and every rdma_cm file is opened on the launcher ({@link
 * #asOpener}), the sentry's own, like the mount syscalls of the open.
 *
 * <p>Executors never leave their namespace (no shared thread is ever moved), and are kept for the
 * sandbox's life: a sandbox has one network namespace, and at most {@value #MAX_NAMESPACES} are
 * served.
 */
final class RdmaCmExecutors implements RdmaCmThreads, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RdmaCmExecutors.class);

    /** Network namespaces served at most; a command from yet another fails with EAGAIN. */
    static final int MAX_NAMESPACES = 16;

    private final RdmaCmHost host;
    private final Lane launcher;
    private final Map<String, Lane> executors = new ConcurrentHashMap<>();
    private final List<Lane> all = new ArrayList<>();

    /** Makes the launcher thread: call on a thread with the sentry's own credentials. */
    RdmaCmExecutors(RdmaCmHost host) {
        this.host = host;
        this.launcher = new Lane("sluice-rdmacm-launcher");
        launcher.thread.start();
        all.add(launcher);
    }

    /** One thread and the operations queued for it, run in order. */
    private static final class Lane {
        final Thread thread;
        final LinkedBlockingQueue<FutureTask<Integer>> queue = new LinkedBlockingQueue<>();

        Lane(String name) {
            thread = new Thread(this::loop, name);
            thread.setDaemon(true);
        }

        private void loop() {
            try {
                while (true) {
                    queue.take().run();
                }
            } catch (InterruptedException e) {
                // closed
            }
        }

        /** Runs {@code op} on this lane and waits for it. */
        int call(IntSupplier op) {
            if (Thread.currentThread() == thread) {
                return op.getAsInt();
            }
            FutureTask<Integer> t = new FutureTask<>(op::getAsInt);
            queue.add(t);
            boolean interrupted = false;
            try {
                while (true) {
                    try {
                        return t.get();
                    } catch (InterruptedException e) {
                        interrupted = true; // the operation runs to its end either way
                    } catch (ExecutionException e) {
                        throw new IllegalStateException(
                                thread.getName() + " failed: " + e.getCause(), e.getCause());
                    }
                }
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    @Override
    public int inNamespace(int netnsFd, IntSupplier op) {
        String ns = host.link(netnsFd);
        if (ns == null || !ns.startsWith("net:[")) {
            return -Errno.EBADF;
        }
        Lane lane = executors.get(ns);
        if (lane == null) {
            lane = start(ns, netnsFd);
            if (lane == null) {
                return -Errno.EAGAIN;
            }
        }
        return lane.call(op);
    }

    /** The executor of {@code ns}, started now if it has none; null when none can be had. */
    private synchronized Lane start(String ns, int netnsFd) {
        Lane lane = executors.get(ns);
        if (lane != null) {
            return lane;
        }
        if (executors.size() >= MAX_NAMESPACES) {
            LOG.warn(
                    "rdmaproxy: rdma_cm: a command from network namespace {} beyond the {} served;"
                            + " failing it with EAGAIN",
                    ns,
                    MAX_NAMESPACES);
            return null;
        }
        Lane made = new Lane("sluice-rdmacm-" + ns);
        // Started by the launcher, so that it shares the launcher's credentials.
        launcher.call(
                () -> {
                    made.thread.start();
                    return 0;
                });
        all.add(made);
        int r =
                made.call(
                        () -> {
                            int j = host.joinNetns(netnsFd);
                            if (j < 0) {
                                return j;
                            }
                            return ns.equals(host.ownNetns()) ? 0 : -Errno.EIO;
                        });
        if (r < 0) {
            LOG.error(
                    "rdmaproxy: rdma_cm: an executor cannot join network namespace {}: {}",
                    ns,
                    Errno.describe(-r));
            made.thread.interrupt();
            return null;
        }
        LOG.info(
                "rdmaproxy: rdma_cm: commands from network namespace {} run on {}",
                ns,
                made.thread.getName());
        executors.put(ns, made);
        return made;
    }

    @Override
    public int asOpener(IntSupplier op) {
        return launcher.call(op);
    }

    @Override
    public synchronized void close() {
        for (Lane l : all) {
            l.thread.interrupt();
        }
        executors.clear();
    }
}
