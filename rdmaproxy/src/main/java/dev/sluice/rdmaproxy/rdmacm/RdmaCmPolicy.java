package dev.sluice.rdmaproxy.rdmacm;

import static dev.sluice.rdmaproxy.abi.RdmaCmAbi.*;

import dev.sluice.rdmaproxy.abi.RdmaCmKernel;
import dev.sluice.rdmaproxy.abi.UverbsAttrValues;
import dev.sluice.rdmaproxy.net.GidEntry;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Direction;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Effect;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Execute;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.GuestFd;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.GuestPointer;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Refuse;
import dev.sluice.sentry.nativeio.Errno;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides every command one sandbox writes to one open rdma_cm file ({@code
 * /dev/infiniband/rdma_cm}; librdmacm opens one per event channel). The sentry executes what is
 * allowed itself, on its own copy ({@link Execute}); see the package documentation for why, and
 * docs/rdma-drivers.md ("rdma_cm") for the decision on each command.
 *
 * <p>Three rules hold for every command:
 *
 * <ul>
 *   <li><b>Own ids only.</b> The policy tracks the ids this file created (CREATE_ID's response),
 *       received (a connect request's new id, from GET_EVENT) or had migrated to it, and the
 *       multicast ids it joined. A command naming any other id is refused (EINVAL). DESTROY_ID and
 *       LEAVE_MCAST forget their id when decided, before the kernel can hand the number to a new id
 *       (ids are reused lowest first).
 *   <li><b>The sandbox's addresses as sources.</b> A source address (BIND_IP, BIND, RESOLVE_IP,
 *       RESOLVE_ADDR) is one of {@link RdmaCmSandbox#addresses()}, one of its GIDs for AF_IB, or
 *       the wildcard; a source port below 1024 needs {@link RdmaCmSandbox#privilegedPorts()}.
 *       Destinations may be anything but the wildcard (the kernel would pick any device of the host
 *       for it). Other families are refused.
 *   <li><b>What the kernel reads is what was checked.</b> Decisions are made on the sentry's copy
 *       of the written bytes, which is what the executor writes ({@link Execute#bytes()}); bytes
 *       behind a pointer that the policy must see ({@code optval} of an IB path) are copied once
 *       and vetted ({@link #vetInput}).
 * </ul>
 *
 * <p>Thread safety: every method may be called from any thread. A policy's state is guarded by its
 * own lock; no method holds two policies' locks at once (MIGRATE_ID takes the source's, then this
 * one's, one after the other).
 */
public final class RdmaCmPolicy {

    /** Ids and multicast ids one file may hold before CREATE_ID and joins are refused. */
    public static final int DEFAULT_MAX_IDS = 4096;

    /** Path records an {@code RDMA_OPTION_IB_PATH} may carry. */
    public static final int MAX_PATH_RECORDS = 16;

    private static final ByteOrder HOST = ByteOrder.nativeOrder();

    private final RdmaCmSandbox sandbox;
    private final int maxIds;
    private final boolean kernelRuns;
    private final Map<Long, IdState> ids = new HashMap<>();
    private final Map<Long, Long> multicasts = new HashMap<>();

    /** What the policy knows of one id of this file. */
    private static final class IdState {
        /** The port space, 0 where unknown (an id from a connect request). */
        final int ps;

        /** The QP type ({@code IB_UVERBS_QPT_*}), -1 where unknown. */
        final int qpType;

        /** An AF_IB wildcard bind was asked for; sticky, whether or not the kernel did it. */
        boolean ibWildcard;

        /** The sandbox GID an AF_IB bind of this id succeeded on, or null. */
        String boundGid;

        IdState(int ps, int qpType) {
            this.ps = ps;
            this.qpType = qpType;
        }
    }

    /** An id leaving this file by MIGRATE_ID, with its multicast ids. */
    private record Moving(IdState state, List<Long> multicasts) {}

    public RdmaCmPolicy(RdmaCmSandbox sandbox) {
        this(sandbox, DEFAULT_MAX_IDS);
    }

    public RdmaCmPolicy(RdmaCmSandbox sandbox, int maxIds) {
        this(sandbox, maxIds, false);
    }

    private RdmaCmPolicy(RdmaCmSandbox sandbox, int maxIds, boolean kernelRuns) {
        this.sandbox = sandbox;
        this.maxIds = maxIds;
        this.kernelRuns = kernelRuns;
    }

    /**
     * A policy for commands the kernel runs in the guest's own context (the sentry answers an
     * allowed write with CONTINUE, as RDMAProxy does while the guest opens its rdma_cm files
     * itself: the kernel refuses a {@code write()} on them from anyone else, {@code
     * ib_safe_file_access}). The sentry then never sees a response, so ids are learnt as they are
     * named: the kernel itself refuses an id of another file ({@code ucma_get_ctx} compares the
     * id's file with the writer's), and an id first seen is taken as the file's own, with what the
     * policy cannot know (port space, QP type) unknown. MIGRATE_ID is decided like any command: the
     * kernel looks its fd up in the guest's own table and refuses one that is not an rdma_cm file.
     * The writer is the guest, so the kernel checks its own {@code CAP_NET_BIND_SERVICE}.
     */
    public static RdmaCmPolicy kernelRun(RdmaCmSandbox sandbox) {
        return new RdmaCmPolicy(sandbox, DEFAULT_MAX_IDS, true);
    }

    public RdmaCmSandbox sandbox() {
        return sandbox;
    }

    // ---- the table ----------------------------------------------------------------------------

    /** Which kind of id a command's {@code id} field names, checked before its handler runs. */
    private enum Names {
        NOTHING,
        ID,
        MULTICAST_ID,
        ANOTHER_FILES_ID
    }

    private interface Handler {
        RdmaCmDecision decide(RdmaCmPolicy policy, RdmaCmCommand c);
    }

    private record Rule(Names names, Handler handler) {}

    private static final Map<Integer, Rule> RULES =
            Map.ofEntries(
                    Map.entry(
                            RDMA_USER_CM_CMD_CREATE_ID,
                            new Rule(Names.NOTHING, RdmaCmPolicy::createId)),
                    Map.entry(
                            RDMA_USER_CM_CMD_DESTROY_ID,
                            new Rule(Names.ID, RdmaCmPolicy::destroyId)),
                    Map.entry(RDMA_USER_CM_CMD_BIND_IP, new Rule(Names.ID, RdmaCmPolicy::bindIp)),
                    Map.entry(
                            RDMA_USER_CM_CMD_RESOLVE_IP,
                            new Rule(Names.ID, RdmaCmPolicy::resolveIp)),
                    Map.entry(
                            RDMA_USER_CM_CMD_RESOLVE_ROUTE,
                            new Rule(Names.ID, RdmaCmPolicy::plain)),
                    Map.entry(
                            RDMA_USER_CM_CMD_QUERY_ROUTE,
                            new Rule(Names.ID, RdmaCmPolicy::queryRoute)),
                    Map.entry(RDMA_USER_CM_CMD_CONNECT, new Rule(Names.ID, RdmaCmPolicy::connect)),
                    Map.entry(RDMA_USER_CM_CMD_LISTEN, new Rule(Names.ID, RdmaCmPolicy::listen)),
                    Map.entry(RDMA_USER_CM_CMD_ACCEPT, new Rule(Names.ID, RdmaCmPolicy::accept)),
                    Map.entry(RDMA_USER_CM_CMD_REJECT, new Rule(Names.ID, RdmaCmPolicy::reject)),
                    Map.entry(RDMA_USER_CM_CMD_DISCONNECT, new Rule(Names.ID, RdmaCmPolicy::plain)),
                    Map.entry(
                            RDMA_USER_CM_CMD_INIT_QP_ATTR,
                            new Rule(Names.ID, RdmaCmPolicy::initQpAttr)),
                    Map.entry(
                            RDMA_USER_CM_CMD_GET_EVENT,
                            new Rule(Names.NOTHING, RdmaCmPolicy::getEvent)),
                    Map.entry(
                            RDMA_USER_CM_CMD_SET_OPTION,
                            new Rule(Names.ID, RdmaCmPolicy::setOption)),
                    Map.entry(RDMA_USER_CM_CMD_NOTIFY, new Rule(Names.ID, RdmaCmPolicy::notify)),
                    Map.entry(
                            RDMA_USER_CM_CMD_JOIN_IP_MCAST,
                            new Rule(Names.ID, RdmaCmPolicy::joinIpMcast)),
                    Map.entry(
                            RDMA_USER_CM_CMD_LEAVE_MCAST,
                            new Rule(Names.MULTICAST_ID, RdmaCmPolicy::leaveMcast)),
                    Map.entry(
                            RDMA_USER_CM_CMD_MIGRATE_ID,
                            new Rule(Names.ANOTHER_FILES_ID, RdmaCmPolicy::migrateAlone)),
                    Map.entry(RDMA_USER_CM_CMD_QUERY, new Rule(Names.ID, RdmaCmPolicy::query)),
                    Map.entry(RDMA_USER_CM_CMD_BIND, new Rule(Names.ID, RdmaCmPolicy::bind)),
                    Map.entry(
                            RDMA_USER_CM_CMD_RESOLVE_ADDR,
                            new Rule(Names.ID, RdmaCmPolicy::resolveAddr)),
                    Map.entry(
                            RDMA_USER_CM_CMD_JOIN_MCAST,
                            new Rule(Names.ID, RdmaCmPolicy::joinMcast)));

    /** The command numbers the policy has a rule for (a test holds them to the ABI's table). */
    static Set<Integer> ruledCommands() {
        return new TreeSet<>(RULES.keySet());
    }

    // ---- deciding -----------------------------------------------------------------------------

    /** Parses the sentry's copy of one {@code write()} and decides it. */
    public RdmaCmDecision decide(byte[] written) {
        RdmaCmParsed p = RdmaCmCommand.parse(written);
        if (p instanceof Refuse r) {
            return r;
        }
        return decide((RdmaCmCommand) p);
    }

    /** Decides one parsed command. MIGRATE_ID is refused here; see {@link #decideMigrate}. */
    public synchronized RdmaCmDecision decide(RdmaCmCommand c) {
        Rule rule = RULES.get(c.cmd());
        if (rule == null) {
            // RdmaCmCommand.parse accepts only commands of RdmaCmAbi.COMMANDS, which all have
            // rules.
            return refuse(c, Errno.EINVAL, "not modelled");
        }
        long id = c.id();
        if (kernelRuns && rule.names() == Names.ID) {
            ids.computeIfAbsent(id, x -> new IdState(0, -1));
        }
        if (kernelRuns && rule.names() == Names.MULTICAST_ID) {
            multicasts.putIfAbsent(id, -1L);
        }
        if (rule.names() == Names.ID && !ids.containsKey(id)) {
            return refuse(c, Errno.EINVAL, "id " + id + " is not one of this file's");
        }
        if (rule.names() == Names.MULTICAST_ID && !multicasts.containsKey(id)) {
            return refuse(c, Errno.EINVAL, "multicast id " + id + " is not one of this file's");
        }
        if (kernelRuns && c.cmd() == RDMA_USER_CM_CMD_MIGRATE_ID) {
            return execute(
                    c,
                    List.of(response(c, MigrateResp.SIZE, true)),
                    false,
                    Effect.MIGRATED,
                    "id " + id + " from guest fd " + c.u32(MigrateId.OFF_FD));
        }
        return rule.handler().decide(this, c);
    }

    /**
     * Decides a MIGRATE_ID written to this file, which moves an id from the rdma_cm file the guest
     * has open as {@code fd} to this one. The kernel looks {@code fd} up in the fd table of the
     * process that writes, so the executor resolves the guest's number to the open file first and
     * passes that file's policy as {@code source}: null when the number is not an rdma_cm file of
     * this sandbox. The id must be one of {@code source}'s.
     */
    public RdmaCmDecision decideMigrate(RdmaCmCommand c, RdmaCmPolicy source) {
        if (c.cmd() != RDMA_USER_CM_CMD_MIGRATE_ID) {
            throw new IllegalArgumentException(c.name() + " is not MIGRATE_ID");
        }
        long id = c.id();
        long fd = c.u32(MigrateId.OFF_FD);
        if (source == null) {
            return refuse(
                    c, Errno.EINVAL, "guest fd " + fd + " is not an rdma_cm file of this sandbox");
        }
        if (!source.owns(id)) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "id " + id + " is not one of the ids of the rdma_cm file at guest fd " + fd);
        }
        synchronized (this) {
            if (source != this && count() >= maxIds) {
                return tooMany(c);
            }
            return new Execute(
                    c,
                    c.bytes(),
                    List.of(response(c, MigrateResp.SIZE, true)),
                    List.of(new GuestFd("fd", RdmaCmCommand.inWrite(MigrateId.OFF_FD), (int) fd)),
                    false,
                    Effect.MIGRATED,
                    source,
                    "id " + id + " from guest fd " + fd);
        }
    }

    /**
     * Vets the bytes behind {@link Execute#vetted()}, which the executor copied from the guest
     * once: the kernel must then read exactly these. Returns {@code decision} when they pass.
     */
    public RdmaCmDecision vetInput(Execute decision, byte[] input) {
        GuestPointer p = decision.vetted();
        if (p == null) {
            throw new IllegalArgumentException(decision.command().name() + " has no input to vet");
        }
        if (input.length != p.length()) {
            throw new IllegalArgumentException(
                    "vetting " + input.length + " bytes of a " + p.length() + "-byte " + p.field());
        }
        RdmaCmCommand c = decision.command();
        // Only RDMA_OPTION_IB_PATH is vetted: its records choose the source GID of the route.
        for (int i = 0; i < input.length / PathRecData.SIZE; i++) {
            int sgid = i * PathRecData.SIZE + PathRecData.OFF_PATH_REC + RdmaCmKernel.PATH_REC_SGID;
            byte[] gid = new byte[16];
            System.arraycopy(input, sgid, gid, 0, 16);
            if (!sandbox.hasGid(gid)) {
                return refuse(
                        c,
                        Errno.EINVAL,
                        "RDMA_OPTION_IB_PATH record "
                                + i
                                + " has SGID "
                                + GidEntry.format(gid)
                                + ", which is not one of the sandbox's GIDs ("
                                + sandbox.gidList()
                                + ")");
            }
        }
        return decision;
    }

    /**
     * Records what a command the kernel executed successfully changed ({@link Execute#effect()}).
     * {@code response} is what the kernel wrote to the sentry's {@code response} buffer (empty for
     * a command without one). Call it after a successful write, whether or not the copy to the
     * guest then succeeded: the kernel's state changed either way.
     */
    public void executed(Execute d, byte[] response) {
        RdmaCmCommand c = d.command();
        switch (d.effect()) {
            case CREATED_ID -> {
                long id = u32(response, CreateIdResp.OFF_ID, c);
                int ps = c.u16(CreateId.OFF_PS);
                int qpType = qpType(ps, c.u8(CreateId.OFF_QP_TYPE));
                synchronized (this) {
                    ids.put(id, new IdState(ps, qpType));
                }
            }
            case JOINED_MULTICAST -> {
                long mc = u32(response, CreateIdResp.OFF_ID, c);
                synchronized (this) {
                    multicasts.put(mc, c.id());
                }
            }
            case EVENT -> {
                long event = u32(response, EventResp.OFF_EVENT, c);
                if (event == RdmaCmKernel.RDMA_CM_EVENT_CONNECT_REQUEST) {
                    long id = u32(response, EventResp.OFF_ID, c);
                    synchronized (this) {
                        ids.put(id, new IdState(0, -1));
                    }
                }
            }
            case BOUND -> {
                RdmaCmAddress src =
                        c.cmd() == RDMA_USER_CM_CMD_BIND
                                ? RdmaCmAddress.read(c, Bind.OFF_ADDR, SockaddrStorage.SIZE)
                                : RdmaCmAddress.read(
                                        c, ResolveAddr.OFF_SRC_ADDR, SockaddrStorage.SIZE);
                synchronized (this) {
                    IdState st = ids.get(c.id());
                    if (st != null) {
                        st.boundGid = GidEntry.format(src.gid());
                    }
                }
            }
            case MIGRATED -> {
                RdmaCmPolicy from = d.from();
                if (from != this) {
                    Moving m = from.release(c.id());
                    if (m != null) {
                        synchronized (this) {
                            ids.put(c.id(), m.state());
                            for (long mc : m.multicasts()) {
                                multicasts.put(mc, c.id());
                            }
                        }
                    }
                }
            }
            case NONE, DESTROYED_ID, LEFT_MULTICAST -> {}
        }
    }

    /** Whether {@code id} is one of this file's ids. */
    public synchronized boolean owns(long id) {
        return ids.containsKey(id);
    }

    /** Whether {@code id} is one of this file's multicast ids. */
    public synchronized boolean ownsMulticast(long id) {
        return multicasts.containsKey(id);
    }

    /** This file's ids, in order. */
    public synchronized Set<Long> ids() {
        return new TreeSet<>(ids.keySet());
    }

    /** This file's multicast ids, in order. */
    public synchronized Set<Long> multicastIds() {
        return new TreeSet<>(multicasts.keySet());
    }

    private synchronized Moving release(long id) {
        IdState st = ids.remove(id);
        if (st == null) {
            return null;
        }
        List<Long> mcs = new ArrayList<>();
        multicasts.entrySet().removeIf(e -> e.getValue() == id && mcs.add(e.getKey()));
        return new Moving(st, mcs);
    }

    private int count() {
        return ids.size() + multicasts.size();
    }

    // ---- the commands -------------------------------------------------------------------------

    private RdmaCmDecision createId(RdmaCmCommand c) {
        if (!c.zero(CreateId.OFF_RESERVED, CreateId.SIZE - CreateId.OFF_RESERVED)) {
            return refuse(c, Errno.EINVAL, "reserved bytes are not zero");
        }
        int ps = c.u16(CreateId.OFF_PS);
        int raw = c.u8(CreateId.OFF_QP_TYPE);
        int qpType = qpType(ps, raw);
        if (qpType == -1) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "port space 0x"
                            + Integer.toHexString(ps)
                            + " is not RDMA_PS_TCP, RDMA_PS_UDP, RDMA_PS_IPOIB or RDMA_PS_IB");
        }
        if (qpType == -2) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "qp_type "
                            + raw
                            + " of an RDMA_PS_IB id is not RC, UC, UD, XRC_INI or XRC_TGT");
        }
        if (count() >= maxIds) {
            return tooMany(c);
        }
        return execute(
                c, List.of(response(c, CreateIdResp.SIZE, true)), false, Effect.CREATED_ID, "");
    }

    /**
     * The QP type of a new id (ucma_get_qp_type): -1 for an unknown port space, -2 for a QP type an
     * RDMA_PS_IB id may not have.
     */
    private static int qpType(int ps, int raw) {
        return switch (ps) {
            case RDMA_PS_TCP -> UverbsAttrValues.IB_UVERBS_QPT_RC;
            case RDMA_PS_UDP, RDMA_PS_IPOIB -> UverbsAttrValues.IB_UVERBS_QPT_UD;
            case RDMA_PS_IB ->
                    switch (raw) {
                        case UverbsAttrValues.IB_UVERBS_QPT_RC,
                                UverbsAttrValues.IB_UVERBS_QPT_UC,
                                UverbsAttrValues.IB_UVERBS_QPT_UD,
                                UverbsAttrValues.IB_UVERBS_QPT_XRC_INI,
                                UverbsAttrValues.IB_UVERBS_QPT_XRC_TGT ->
                                raw;
                        default -> -2;
                    };
            default -> -1;
        };
    }

    private RdmaCmDecision destroyId(RdmaCmCommand c) {
        if (c.u32(DestroyId.OFF_RESERVED) != 0) {
            return refuse(c, Errno.EINVAL, "reserved is not zero");
        }
        long id = c.id();
        ids.remove(id);
        multicasts.values().removeIf(owner -> owner == id);
        return execute(
                c, List.of(response(c, DestroyIdResp.SIZE, true)), false, Effect.DESTROYED_ID, "");
    }

    private RdmaCmDecision bindIp(RdmaCmCommand c) {
        RdmaCmAddress src = RdmaCmAddress.read(c, BindIp.OFF_ADDR, SockaddrIn6.SIZE);
        Refuse r = source(c, src, true);
        return r != null ? r : execute(c, List.of(), false, Effect.NONE, "");
    }

    private RdmaCmDecision bind(RdmaCmCommand c) {
        if (c.u16(Bind.OFF_RESERVED) != 0) {
            return refuse(c, Errno.EINVAL, "reserved is not zero");
        }
        RdmaCmAddress src = RdmaCmAddress.read(c, Bind.OFF_ADDR, SockaddrStorage.SIZE);
        Refuse r = source(c, src, false);
        if (r == null) {
            r = sized(c, "addr_size", c.u16(Bind.OFF_ADDR_SIZE), src);
        }
        if (r != null) {
            return r;
        }
        if (src.ib() && src.wildcard()) {
            ids.get(c.id()).ibWildcard = true;
        }
        return execute(
                c, List.of(), false, src.ib() && !src.wildcard() ? Effect.BOUND : Effect.NONE, "");
    }

    private RdmaCmDecision resolveIp(RdmaCmCommand c) {
        RdmaCmAddress src = RdmaCmAddress.read(c, ResolveIp.OFF_SRC_ADDR, SockaddrIn6.SIZE);
        RdmaCmAddress dst = RdmaCmAddress.read(c, ResolveIp.OFF_DST_ADDR, SockaddrIn6.SIZE);
        // ucma_resolve_ip: a source of family 0 is none; the kernel binds to the wildcard.
        Refuse r = src.family() == 0 ? null : source(c, src, true);
        if (r == null) {
            r = destination(c, dst, true);
        }
        return r != null ? r : execute(c, List.of(), false, Effect.NONE, "");
    }

    private RdmaCmDecision resolveAddr(RdmaCmCommand c) {
        if (c.u32(ResolveAddr.OFF_RESERVED) != 0) {
            return refuse(c, Errno.EINVAL, "reserved is not zero");
        }
        int srcSize = c.u16(ResolveAddr.OFF_SRC_SIZE);
        int dstSize = c.u16(ResolveAddr.OFF_DST_SIZE);
        RdmaCmAddress src = RdmaCmAddress.read(c, ResolveAddr.OFF_SRC_ADDR, SockaddrStorage.SIZE);
        RdmaCmAddress dst = RdmaCmAddress.read(c, ResolveAddr.OFF_DST_ADDR, SockaddrStorage.SIZE);
        boolean hasSource = srcSize != 0;
        if (!hasSource && src.family() != 0) {
            // ucma_resolve_addr checks src_addr only when src_size is set, but rdma_resolve_addr
            // binds to any src_addr whose family is set.
            return refuse(
                    c,
                    Errno.EINVAL,
                    "src_size is 0 but src_addr has family "
                            + src.familyName()
                            + ", which the kernel would bind to unchecked");
        }
        Refuse r = null;
        if (hasSource) {
            r = source(c, src, false);
            if (r == null) {
                r = sized(c, "src_size", srcSize, src);
            }
        }
        if (r == null) {
            r = destination(c, dst, false);
        }
        if (r == null) {
            r = sized(c, "dst_size", dstSize, dst);
        }
        if (r != null) {
            return r;
        }
        boolean pins = hasSource && src.ib() && !src.wildcard();
        if (dst.ib()) {
            IdState st = ids.get(c.id());
            if (st.ibWildcard || (st.boundGid == null && !pins)) {
                return refuse(
                        c,
                        Errno.EINVAL,
                        "AF_IB destination "
                                + dst
                                + " needs the id bound to one of the sandbox's GIDs, here or"
                                + " before (without one the kernel picks a device among all of"
                                + " the host's, cma_resolve_ib_dev)");
            }
        }
        return execute(c, List.of(), false, pins ? Effect.BOUND : Effect.NONE, "");
    }

    /** Commands with nothing to check beyond their id: RESOLVE_ROUTE, DISCONNECT. */
    private RdmaCmDecision plain(RdmaCmCommand c) {
        return execute(c, List.of(), false, Effect.NONE, "");
    }

    private RdmaCmDecision queryRoute(RdmaCmCommand c) {
        return execute(
                c,
                List.of(response(c, Math.min(c.out(), QueryRouteResp.SIZE), true)),
                false,
                Effect.NONE,
                "");
    }

    private RdmaCmDecision query(RdmaCmCommand c) {
        long option = c.u32(Query.OFF_OPTION);
        if (option == RDMA_USER_CM_QUERY_ADDR || option == RDMA_USER_CM_QUERY_GID) {
            return execute(
                    c,
                    List.of(response(c, Math.min(c.out(), QueryAddrResp.SIZE), true)),
                    false,
                    Effect.NONE,
                    "");
        }
        if (option == RDMA_USER_CM_QUERY_PATH) {
            // ucma_query_path writes the header and as many whole records as fit in out.
            return execute(c, List.of(response(c, c.out(), false)), false, Effect.NONE, "");
        }
        return refuse(
                c,
                Errno.ENOSYS,
                "option "
                        + option
                        + " is not RDMA_USER_CM_QUERY_ADDR, _PATH or _GID (the kernel answers"
                        + " ENOSYS)");
    }

    private RdmaCmDecision connect(RdmaCmCommand c) {
        if (c.u32(Connect.OFF_RESERVED) != 0) {
            return refuse(c, Errno.EINVAL, "reserved is not zero");
        }
        if (c.u8(Connect.OFF_CONN_PARAM + ConnParam.OFF_VALID) == 0) {
            return refuse(c, Errno.EINVAL, "conn_param.valid is 0 (the kernel refuses it)");
        }
        IdState st = ids.get(c.id());
        Refuse r =
                connParam(
                        c,
                        Connect.OFF_CONN_PARAM,
                        bound(
                                st,
                                RdmaCmKernel.IB_CM_REQ_PRIVATE_DATA_SIZE,
                                RdmaCmKernel.IB_CM_SIDR_REQ_PRIVATE_DATA_SIZE),
                        "an IB CM REQ");
        return r != null ? r : execute(c, List.of(), false, Effect.NONE, "");
    }

    private RdmaCmDecision accept(RdmaCmCommand c) {
        if (c.u32(Accept.OFF_RESERVED) != 0) {
            return refuse(c, Errno.EINVAL, "reserved is not zero");
        }
        // conn_param.valid 0: the kernel accepts without it (librdmacm's active side does so once
        // the connection is up, ucma_process_conn_resp).
        if (c.u8(Accept.OFF_CONN_PARAM + ConnParam.OFF_VALID) != 0) {
            IdState st = ids.get(c.id());
            Refuse r =
                    connParam(
                            c,
                            Accept.OFF_CONN_PARAM,
                            bound(
                                    st,
                                    RdmaCmKernel.IB_CM_REP_PRIVATE_DATA_SIZE,
                                    RdmaCmKernel.IB_CM_SIDR_REP_PRIVATE_DATA_SIZE),
                            "an IB CM REP");
            if (r != null) {
                return r;
            }
        }
        return execute(c, List.of(), false, Effect.NONE, "");
    }

    /** Checks a conn_param at {@code off}: private data length and Q_Key. */
    private Refuse connParam(RdmaCmCommand c, int off, int bound, String message) {
        int len = c.u8(off + ConnParam.OFF_PRIVATE_DATA_LEN);
        if (len > bound) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "private_data_len "
                            + len
                            + " is above the "
                            + bound
                            + " bytes "
                            + message
                            + " carries");
        }
        long qkey = c.u32(off + ConnParam.OFF_QKEY);
        if ((qkey & Integer.toUnsignedLong(RdmaCmKernel.IB_QP_SET_QKEY)) != 0) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "qkey 0x"
                            + Long.toHexString(qkey)
                            + " is a controlled Q_Key (top bit set), which needs CAP_NET_RAW");
        }
        return null;
    }

    /** The private-data bound for an id: the UD message's, the connected one's, or the larger. */
    private static int bound(IdState st, int connected, int ud) {
        if (st.qpType == UverbsAttrValues.IB_UVERBS_QPT_UD) {
            return ud;
        }
        return st.qpType == -1 ? Math.max(connected, ud) : connected;
    }

    private RdmaCmDecision listen(RdmaCmCommand c) {
        IdState st = ids.get(c.id());
        if (st.ibWildcard) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "the id is bound to the AF_IB wildcard: listening there takes AF_IB connect"
                            + " requests on every RDMA device of the host, whatever the network"
                            + " namespace");
        }
        long backlog = c.u32(Listen.OFF_BACKLOG);
        byte[] bytes = c.bytes();
        String detail = "";
        if (backlog == 0 || backlog > RdmaCmKernel.UCMA_MAX_BACKLOG) {
            // ucma_listen turns these into the host's net.rdma_ucm.max_backlog; the sandbox gets
            // the default at most, whatever the host set.
            ByteBuffer.wrap(bytes)
                    .order(HOST)
                    .putInt(
                            RdmaCmCommand.inWrite(Listen.OFF_BACKLOG),
                            RdmaCmKernel.UCMA_MAX_BACKLOG);
            detail = "backlog " + backlog + " set to " + RdmaCmKernel.UCMA_MAX_BACKLOG;
        }
        return new Execute(c, bytes, List.of(), List.of(), false, Effect.NONE, null, detail);
    }

    private RdmaCmDecision reject(RdmaCmCommand c) {
        if (!c.zero(Reject.OFF_RESERVED, Reject.OFF_PRIVATE_DATA - Reject.OFF_RESERVED)) {
            return refuse(c, Errno.EINVAL, "reserved bytes are not zero");
        }
        int reason = c.u8(Reject.OFF_REASON);
        if (reason != 0
                && reason != RdmaCmKernel.IB_CM_REJ_CONSUMER_DEFINED
                && reason != RdmaCmKernel.IB_CM_REJ_VENDOR_OPTION_NOT_SUPPORTED) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "reason "
                            + reason
                            + " is not 0, IB_CM_REJ_CONSUMER_DEFINED (28) or"
                            + " IB_CM_REJ_VENDOR_OPTION_NOT_SUPPORTED (35)");
        }
        int len = c.u8(Reject.OFF_PRIVATE_DATA_LEN);
        int bound =
                bound(
                        ids.get(c.id()),
                        RdmaCmKernel.IB_CM_REJ_PRIVATE_DATA_SIZE,
                        RdmaCmKernel.IB_CM_SIDR_REP_PRIVATE_DATA_SIZE);
        if (len > bound) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "private_data_len "
                            + len
                            + " is above the "
                            + bound
                            + " bytes an IB CM REJ carries");
        }
        return execute(c, List.of(), false, Effect.NONE, "");
    }

    private RdmaCmDecision initQpAttr(RdmaCmCommand c) {
        long state = c.u32(InitQpAttr.OFF_QP_STATE);
        if (state > RdmaCmKernel.IB_QPS_ERR) {
            return refuse(c, Errno.EINVAL, "qp_state " + state + " is above IB_QPS_ERR (6)");
        }
        return execute(c, List.of(response(c, QpAttr.SIZE, true)), false, Effect.NONE, "");
    }

    private RdmaCmDecision getEvent(RdmaCmCommand c) {
        return execute(
                c,
                List.of(response(c, Math.min(c.out(), EventResp.SIZE), true)),
                true,
                Effect.EVENT,
                "");
    }

    /** One option librdmacm sets: its length in bytes, -1 for a list of path records. */
    private record Option(String name, int length) {}

    private static final Map<Long, Option> OPTIONS =
            Map.of(
                    key(RDMA_OPTION_ID, RDMA_OPTION_ID_TOS),
                    new Option("RDMA_OPTION_ID_TOS", 1),
                    key(RDMA_OPTION_ID, RDMA_OPTION_ID_REUSEADDR),
                    new Option("RDMA_OPTION_ID_REUSEADDR", 4),
                    key(RDMA_OPTION_ID, RDMA_OPTION_ID_AFONLY),
                    new Option("RDMA_OPTION_ID_AFONLY", 4),
                    key(RDMA_OPTION_ID, RDMA_OPTION_ID_ACK_TIMEOUT),
                    new Option("RDMA_OPTION_ID_ACK_TIMEOUT", 1),
                    key(RDMA_OPTION_IB, RDMA_OPTION_IB_PATH),
                    new Option("RDMA_OPTION_IB_PATH", -1));

    private static long key(long level, long optname) {
        return level << 32 | optname;
    }

    private RdmaCmDecision setOption(RdmaCmCommand c) {
        long level = c.u32(SetOption.OFF_LEVEL);
        long optname = c.u32(SetOption.OFF_OPTNAME);
        long optlen = c.u32(SetOption.OFF_OPTLEN);
        long optval = c.u64(SetOption.OFF_OPTVAL);
        Option o = OPTIONS.get(key(level, optname));
        if (o == null) {
            return refuse(
                    c,
                    Errno.ENOSYS,
                    "level "
                            + level
                            + " optname "
                            + optname
                            + " is not one of TOS, REUSEADDR, AFONLY, ACK_TIMEOUT (RDMA_OPTION_ID)"
                            + " or IB_PATH (RDMA_OPTION_IB)");
        }
        boolean path = o.length() < 0;
        if (path) {
            if (optlen == 0
                    || optlen % PathRecData.SIZE != 0
                    || optlen > (long) MAX_PATH_RECORDS * PathRecData.SIZE) {
                return refuse(
                        c,
                        Errno.EINVAL,
                        o.name()
                                + ": optlen "
                                + optlen
                                + " is not 1 to "
                                + MAX_PATH_RECORDS
                                + " records of struct ib_path_rec_data ("
                                + PathRecData.SIZE
                                + " bytes)");
            }
        } else if (optlen != o.length()) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    o.name() + ": optlen " + optlen + " is not " + o.length() + " bytes");
        }
        if (optval == 0) {
            return refuse(c, Errno.EFAULT, o.name() + ": optval is NULL");
        }
        GuestPointer in =
                new GuestPointer(
                        "optval",
                        RdmaCmCommand.inWrite(SetOption.OFF_OPTVAL),
                        optval,
                        (int) optlen,
                        Direction.IN,
                        true,
                        path);
        return execute(c, List.of(in), false, Effect.NONE, o.name());
    }

    private RdmaCmDecision notify(RdmaCmCommand c) {
        long event = c.u32(Notify.OFF_EVENT);
        if (event != RdmaCmKernel.IB_EVENT_COMM_EST && event != RdmaCmKernel.IB_EVENT_PATH_MIG) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "event "
                            + event
                            + " is not IB_EVENT_COMM_EST (4) or IB_EVENT_PATH_MIG (6), the ones"
                            + " the CM acts on");
        }
        return execute(c, List.of(), false, Effect.NONE, "");
    }

    private RdmaCmDecision joinIpMcast(RdmaCmCommand c) {
        RdmaCmAddress group = RdmaCmAddress.read(c, JoinIpMcast.OFF_ADDR, SockaddrIn6.SIZE);
        Refuse r = group(c, group, true);
        return r != null ? r : joined(c);
    }

    private RdmaCmDecision joinMcast(RdmaCmCommand c) {
        int flags = c.u16(JoinMcast.OFF_JOIN_FLAGS);
        if (flags != RDMA_MC_JOIN_FLAG_FULLMEMBER
                && flags != RDMA_MC_JOIN_FLAG_SENDONLY_FULLMEMBER) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "join_flags "
                            + flags
                            + " is not RDMA_MC_JOIN_FLAG_FULLMEMBER or _SENDONLY_FULLMEMBER");
        }
        RdmaCmAddress group = RdmaCmAddress.read(c, JoinMcast.OFF_ADDR, SockaddrStorage.SIZE);
        Refuse r = group(c, group, false);
        if (r == null) {
            r = sized(c, "addr_size", c.u16(JoinMcast.OFF_ADDR_SIZE), group);
        }
        return r != null ? r : joined(c);
    }

    private RdmaCmDecision joined(RdmaCmCommand c) {
        if (count() >= maxIds) {
            return tooMany(c);
        }
        return execute(
                c,
                List.of(response(c, CreateIdResp.SIZE, true)),
                false,
                Effect.JOINED_MULTICAST,
                "");
    }

    private RdmaCmDecision leaveMcast(RdmaCmCommand c) {
        if (c.u32(DestroyId.OFF_RESERVED) != 0) {
            return refuse(c, Errno.EINVAL, "reserved is not zero");
        }
        multicasts.remove(c.id());
        return execute(
                c,
                List.of(response(c, DestroyIdResp.SIZE, true)),
                false,
                Effect.LEFT_MULTICAST,
                "");
    }

    private RdmaCmDecision migrateAlone(RdmaCmCommand c) {
        return refuse(
                c,
                Errno.EINVAL,
                "moves id "
                        + c.id()
                        + " from the rdma_cm file at guest fd "
                        + c.u32(MigrateId.OFF_FD)
                        + ", which the kernel would look up among the executor's own files;"
                        + " it is decided only with that file's policy (decideMigrate)");
    }

    // ---- addresses ----------------------------------------------------------------------------

    /** Null when {@code a} may be this sandbox's source address, else the refusal. */
    private Refuse source(RdmaCmCommand c, RdmaCmAddress a, boolean ipOnly) {
        if (!a.known()) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "source address family " + a.familyName() + " is not " + families(ipOnly));
        }
        if (!a.wildcard()) {
            if (a.ib() && !sandbox.hasGid(a.gid())) {
                return refuse(
                        c,
                        Errno.EINVAL,
                        "source "
                                + a
                                + " is not one of the sandbox's GIDs ("
                                + sandbox.gidList()
                                + ") or the wildcard");
            }
            if (!a.ib() && !sandbox.hasAddress(a.inet())) {
                return refuse(
                        c,
                        Errno.EINVAL,
                        "source address "
                                + a
                                + " is not one of the sandbox's ("
                                + sandbox.addressList()
                                + ") or the wildcard");
            }
        }
        int port = a.port();
        if (port != 0 && port < RdmaCmKernel.PROT_SOCK && !sandbox.privilegedPorts()) {
            return refuse(
                    c,
                    Errno.EACCES,
                    "source port "
                            + port
                            + " is below 1024, which this sandbox may not bind (the kernel would"
                            + " ask for the executor's CAP_NET_BIND_SERVICE)");
        }
        return null;
    }

    /** Null when {@code a} may be a destination, else the refusal. */
    private Refuse destination(RdmaCmCommand c, RdmaCmAddress a, boolean ipOnly) {
        if (!a.known()) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "destination address family " + a.familyName() + " is not " + families(ipOnly));
        }
        if (a.wildcard()) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "destination is the wildcard ("
                            + a
                            + "): the kernel would bind the id to an active port of any RDMA"
                            + " device of the host (cma_resolve_loopback)");
        }
        return null;
    }

    /** Null when {@code a} may be a multicast group to join, else the refusal. */
    private Refuse group(RdmaCmCommand c, RdmaCmAddress a, boolean ipOnly) {
        if (!a.known()) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    "group address family " + a.familyName() + " is not " + families(ipOnly));
        }
        if (!a.multicast()) {
            return refuse(c, Errno.EINVAL, "group " + a + " is not a multicast address");
        }
        return null;
    }

    /** Null when a size field equals the size of its address's family (rdma_addr_size). */
    private Refuse sized(RdmaCmCommand c, String field, int size, RdmaCmAddress a) {
        if (size != a.size()) {
            return refuse(
                    c,
                    Errno.EINVAL,
                    field
                            + " = "
                            + size
                            + " but an "
                            + a.familyName()
                            + " address is "
                            + a.size()
                            + " bytes");
        }
        return null;
    }

    private static String families(boolean ipOnly) {
        return ipOnly ? "AF_INET or AF_INET6" : "AF_INET, AF_INET6 or AF_IB";
    }

    // ---- building decisions -------------------------------------------------------------------

    private static Execute execute(
            RdmaCmCommand c,
            List<GuestPointer> pointers,
            boolean mayBlock,
            Effect effect,
            String detail) {
        return new Execute(c, c.bytes(), pointers, List.of(), mayBlock, effect, null, detail);
    }

    /** The {@code response} pointer of {@code c}, {@code length} bytes long. */
    private static GuestPointer response(RdmaCmCommand c, int length, boolean whole) {
        return new GuestPointer(
                "response",
                RdmaCmCommand.inWrite(c.spec().responseOffset()),
                c.response(),
                length,
                Direction.OUT,
                whole,
                false);
    }

    private Refuse tooMany(RdmaCmCommand c) {
        return refuse(
                c,
                Errno.ENOMEM,
                "this file already holds "
                        + count()
                        + " ids and multicast ids, the most one file may");
    }

    private static Refuse refuse(RdmaCmCommand c, int errno, String why) {
        return new Refuse(errno, "rdma_cm: " + c.name() + ": " + why);
    }

    private static long u32(byte[] response, int off, RdmaCmCommand c) {
        if (response.length < off + 4) {
            throw new IllegalArgumentException(
                    c.name()
                            + ": a response of "
                            + response.length
                            + " bytes has no u32 at "
                            + off);
        }
        return Integer.toUnsignedLong(ByteBuffer.wrap(response).order(HOST).getInt(off));
    }
}
