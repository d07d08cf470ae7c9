package dev.sluice.rdmaproxy;

import java.util.function.IntSupplier;

/**
 * Where RDMAProxy runs what it executes on rdma_cm files: threads whose credentials are the files'
 * opener's, so that {@code ucma_write} takes their writes ({@code ib_safe_file_access} compares the
 * writer's {@code struct cred} with the file's {@code f_cred} by pointer), and which stand in the
 * caller's network namespace ({@code ucma_create_id} gives a new id {@code
 * current->nsproxy->net_ns}). {@link RdmaCmExecutors} is the real one; tests run the operations in
 * place.
 */
interface RdmaCmThreads {
    /**
     * Runs {@code op} (which returns a result or {@code -errno}) on the thread of the network
     * namespace {@code netnsFd} (an fd of the sentry's table, borrowed for the call) and returns
     * its result, or {@code -errno} when no such thread can be had.
     */
    int inNamespace(int netnsFd, IntSupplier op);

    /** Runs {@code op} with the credentials of the threads of {@link #inNamespace}: an open. */
    int asOpener(IntSupplier op);
}
