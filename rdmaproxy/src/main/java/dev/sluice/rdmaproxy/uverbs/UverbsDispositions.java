package dev.sluice.rdmaproxy.uverbs;

import static dev.sluice.rdmaproxy.uverbs.UverbsDispositions.Why.*;

import dev.sluice.sentry.spi.Disposition;

import java.util.Map;

/**
 * Why each core uverbs method and legacy write command has its disposition: the data behind {@link
 * RdmaTable#core()}, and the rationale column of docs/ioctls.md and docs/security-model.md.
 *
 * <p>The rule (from the 6.1 kernel, drivers/infiniband/core): a call is EMULATEd, run by the sentry
 * on its own dup of the guest's uverbs file with a private copy of every argument, unless the
 * kernel ties it to the calling process. Uverbs objects belong to the open file (its {@code
 * ib_uverbs_file} and ucontext), not to a process, so queries, destroys, modifies and allocations
 * from plain values act on the guest's objects whoever issues them. What must run in the guest's
 * own context:
 *
 * <ul>
 *   <li>anything that pins or maps the caller's memory: {@code ib_umem_get} works on {@code
 *       current->mm} (REG_MR, REREG_MR, and CQ/QP/SRQ/WQ creation, whose driver data carries user
 *       buffer addresses for mlx5);
 *   <li>anything that installs an fd in the caller's table (completion channels, async event
 *       files);
 *   <li>the ucontext itself (GET_CONTEXT), which the rdma cgroup charges to the caller ({@code
 *       RDMACG_RESOURCE_HCA_HANDLE}) and whose driver state is set up for the caller;
 *   <li>the data path (post, poll, notify), kept off the sentry for speed;
 *   <li>calls that check the caller's capabilities (flow steering needs CAP_NET_RAW) or name an fd
 *       the kernel resolves itself (OPEN_XRCD).
 * </ul>
 *
 * A method or command without an entry here fails {@code RdmaTable.core()}: every row has a reason.
 */
public final class UverbsDispositions {
    private UverbsDispositions() {}

    /** A reason, and the disposition it implies. */
    public enum Why {
        QUERY(Disposition.EMULATE, "reads device or object state into the caller's buffers"),
        DESTROY(Disposition.EMULATE, "destroys an object of the file's context, named by handle"),
        MODIFY(Disposition.EMULATE, "changes an object's state from values in the call"),
        ALLOC(
                Disposition.EMULATE,
                "creates an object from values only; no caller memory is pinned"),
        DMABUF(
                Disposition.EMULATE,
                "registers a dma-buf named by fd: the guest's fd is translated to the "
                        + "sentry's dup after checking it is a dma-buf; no caller memory is pinned"),
        PINS_MEMORY(
                Disposition.CONTINUE,
                "the kernel pins or maps the caller's memory (ib_umem_get on current->mm)"),
        NEW_FD(Disposition.CONTINUE, "the kernel installs a new fd in the caller's fd table"),
        CONTEXT(
                Disposition.CONTINUE,
                "creates the ucontext, charged to the caller's rdma cgroup (HCA handle)"),
        DATA_PATH(
                Disposition.CONTINUE,
                "data path (post, poll, notify): kept off the sentry for speed"),
        CALLER(
                Disposition.CONTINUE,
                "the kernel checks the caller's capabilities or resolves an fd in its table"),
        PER_COMMAND(
                Disposition.CONTINUE, "carries a legacy command: the command's own row decides"),
        NOT_PROVEN(
                Disposition.CONTINUE,
                "could be emulated but no device here exercises it (mlx5 device "
                        + "memory, counters, XRC); continued after validation");

        private final Disposition disposition;
        private final String text;

        Why(Disposition disposition, String text) {
            this.disposition = disposition;
            this.text = text;
        }

        public Disposition disposition() {
            return disposition;
        }

        public String text() {
            return text;
        }
    }

    /**
     * Whether the sentry may run the legacy write command {@code name} itself, on its own uverbs
     * file, as a write the guest's kernel path can no longer run (RDMAProxy's strict mode): an
     * EMULATE row, or the data path (rxe's doorbell: {@code rxe_post_send} on a user QP only
     * schedules the requester, nothing of the caller is read). Not a command that must run in the
     * caller's context: it pins the caller's memory, installs an fd in its table, creates the
     * ucontext, or checks the caller ({@link Why#PINS_MEMORY}, {@link Why#NEW_FD}, {@link
     * Why#CONTEXT}, {@link Why#CALLER}), nor one not proven on a device here.
     */
    public static boolean sentryRunsWrite(String name) {
        Why w = WRITES.get(name);
        return w != null && (w.disposition() == Disposition.EMULATE || w == DATA_PATH);
    }

    /** Core ioctl methods, by C name. */
    public static final Map<String, Why> METHODS =
            Map.ofEntries(
                    Map.entry("UVERBS_METHOD_INVOKE_WRITE", PER_COMMAND),
                    Map.entry("UVERBS_METHOD_INFO_HANDLES", QUERY),
                    Map.entry("UVERBS_METHOD_QUERY_PORT", QUERY),
                    Map.entry("UVERBS_METHOD_GET_CONTEXT", CONTEXT),
                    Map.entry("UVERBS_METHOD_QUERY_CONTEXT", QUERY),
                    Map.entry("UVERBS_METHOD_QUERY_GID_TABLE", QUERY),
                    Map.entry("UVERBS_METHOD_QUERY_GID_ENTRY", QUERY),
                    Map.entry("UVERBS_METHOD_PD_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_AH_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_MW_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_FLOW_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_XRCD_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_RWQ_IND_TBL_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_DM_MR_REG", NOT_PROVEN),
                    Map.entry("UVERBS_METHOD_MR_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_ADVISE_MR", PINS_MEMORY),
                    Map.entry("UVERBS_METHOD_QUERY_MR", QUERY),
                    Map.entry("UVERBS_METHOD_REG_DMABUF_MR", DMABUF),
                    Map.entry("UVERBS_METHOD_CQ_CREATE", PINS_MEMORY),
                    Map.entry("UVERBS_METHOD_CQ_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_QP_CREATE", PINS_MEMORY),
                    Map.entry("UVERBS_METHOD_QP_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_SRQ_CREATE", PINS_MEMORY),
                    Map.entry("UVERBS_METHOD_SRQ_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_WQ_CREATE", PINS_MEMORY),
                    Map.entry("UVERBS_METHOD_WQ_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_FLOW_ACTION_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_DM_ALLOC", NOT_PROVEN),
                    Map.entry("UVERBS_METHOD_DM_FREE", DESTROY),
                    Map.entry("UVERBS_METHOD_COUNTERS_CREATE", NOT_PROVEN),
                    Map.entry("UVERBS_METHOD_COUNTERS_DESTROY", DESTROY),
                    Map.entry("UVERBS_METHOD_COUNTERS_READ", NOT_PROVEN),
                    Map.entry("UVERBS_METHOD_ASYNC_EVENT_ALLOC", NEW_FD));

    /** Legacy write commands (through INVOKE_WRITE), by C name. */
    public static final Map<String, Why> WRITES =
            Map.ofEntries(
                    Map.entry("IB_USER_VERBS_CMD_GET_CONTEXT", CONTEXT),
                    Map.entry("IB_USER_VERBS_CMD_QUERY_DEVICE", QUERY),
                    Map.entry("IB_USER_VERBS_CMD_QUERY_PORT", QUERY),
                    Map.entry("IB_USER_VERBS_CMD_ALLOC_PD", ALLOC),
                    Map.entry("IB_USER_VERBS_CMD_DEALLOC_PD", DESTROY),
                    Map.entry("IB_USER_VERBS_CMD_CREATE_AH", ALLOC),
                    Map.entry("IB_USER_VERBS_CMD_DESTROY_AH", DESTROY),
                    Map.entry("IB_USER_VERBS_CMD_REG_MR", PINS_MEMORY),
                    Map.entry("IB_USER_VERBS_CMD_REREG_MR", PINS_MEMORY),
                    Map.entry("IB_USER_VERBS_CMD_DEREG_MR", DESTROY),
                    Map.entry("IB_USER_VERBS_CMD_ALLOC_MW", ALLOC),
                    Map.entry("IB_USER_VERBS_CMD_DEALLOC_MW", DESTROY),
                    Map.entry("IB_USER_VERBS_CMD_CREATE_COMP_CHANNEL", NEW_FD),
                    Map.entry("IB_USER_VERBS_CMD_CREATE_CQ", PINS_MEMORY),
                    Map.entry("IB_USER_VERBS_CMD_RESIZE_CQ", PINS_MEMORY),
                    Map.entry("IB_USER_VERBS_CMD_DESTROY_CQ", DESTROY),
                    Map.entry("IB_USER_VERBS_CMD_POLL_CQ", DATA_PATH),
                    Map.entry("IB_USER_VERBS_CMD_REQ_NOTIFY_CQ", DATA_PATH),
                    Map.entry("IB_USER_VERBS_CMD_CREATE_QP", PINS_MEMORY),
                    Map.entry("IB_USER_VERBS_CMD_QUERY_QP", QUERY),
                    Map.entry("IB_USER_VERBS_CMD_MODIFY_QP", MODIFY),
                    Map.entry("IB_USER_VERBS_CMD_DESTROY_QP", DESTROY),
                    Map.entry("IB_USER_VERBS_CMD_POST_SEND", DATA_PATH),
                    Map.entry("IB_USER_VERBS_CMD_POST_RECV", DATA_PATH),
                    Map.entry("IB_USER_VERBS_CMD_ATTACH_MCAST", MODIFY),
                    Map.entry("IB_USER_VERBS_CMD_DETACH_MCAST", MODIFY),
                    Map.entry("IB_USER_VERBS_CMD_CREATE_SRQ", PINS_MEMORY),
                    Map.entry("IB_USER_VERBS_CMD_MODIFY_SRQ", MODIFY),
                    Map.entry("IB_USER_VERBS_CMD_QUERY_SRQ", QUERY),
                    Map.entry("IB_USER_VERBS_CMD_DESTROY_SRQ", DESTROY),
                    Map.entry("IB_USER_VERBS_CMD_POST_SRQ_RECV", DATA_PATH),
                    Map.entry("IB_USER_VERBS_CMD_OPEN_XRCD", CALLER),
                    Map.entry("IB_USER_VERBS_CMD_CLOSE_XRCD", DESTROY),
                    Map.entry("IB_USER_VERBS_CMD_CREATE_XSRQ", PINS_MEMORY),
                    Map.entry("IB_USER_VERBS_CMD_OPEN_QP", NOT_PROVEN),
                    Map.entry("IB_USER_VERBS_EX_CMD_QUERY_DEVICE", QUERY),
                    Map.entry("IB_USER_VERBS_EX_CMD_CREATE_CQ", PINS_MEMORY),
                    Map.entry("IB_USER_VERBS_EX_CMD_CREATE_QP", PINS_MEMORY),
                    Map.entry("IB_USER_VERBS_EX_CMD_MODIFY_QP", MODIFY),
                    Map.entry("IB_USER_VERBS_EX_CMD_CREATE_FLOW", CALLER),
                    Map.entry("IB_USER_VERBS_EX_CMD_DESTROY_FLOW", DESTROY),
                    Map.entry("IB_USER_VERBS_EX_CMD_CREATE_WQ", PINS_MEMORY),
                    Map.entry("IB_USER_VERBS_EX_CMD_MODIFY_WQ", MODIFY),
                    Map.entry("IB_USER_VERBS_EX_CMD_DESTROY_WQ", DESTROY),
                    Map.entry("IB_USER_VERBS_EX_CMD_CREATE_RWQ_IND_TBL", NOT_PROVEN),
                    Map.entry("IB_USER_VERBS_EX_CMD_DESTROY_RWQ_IND_TBL", DESTROY),
                    Map.entry("IB_USER_VERBS_EX_CMD_MODIFY_CQ", MODIFY));

    /** The reason of a core method, failing for one without an entry. */
    static Why method(String name) {
        Why w = METHODS.get(name);
        if (w == null) {
            throw new IllegalStateException("no disposition reason for core method " + name);
        }
        return w;
    }

    /** The reason of a legacy write command, failing for one without an entry. */
    static Why write(String name) {
        Why w = WRITES.get(name);
        if (w == null) {
            throw new IllegalStateException("no disposition reason for write command " + name);
        }
        return w;
    }
}
