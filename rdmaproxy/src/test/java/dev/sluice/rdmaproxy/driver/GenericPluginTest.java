package dev.sluice.rdmaproxy.driver;

import static dev.sluice.rdmaproxy.abi.LegacyCommands.*;
import static dev.sluice.rdmaproxy.abi.Mlx5Ids.*;
import static dev.sluice.rdmaproxy.abi.UverbsAttrs.*;
import static dev.sluice.rdmaproxy.abi.UverbsIoctl.RDMA_DRIVER_IRDMA;
import static dev.sluice.rdmaproxy.abi.UverbsIoctl.RDMA_DRIVER_MLX5;
import static dev.sluice.rdmaproxy.abi.UverbsIoctl.RDMA_DRIVER_RXE;
import static dev.sluice.rdmaproxy.abi.UverbsIoctl.RDMA_DRIVER_UNKNOWN;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;
import static dev.sluice.rdmaproxy.driver.Calls.createCq;
import static dev.sluice.rdmaproxy.driver.Calls.createQp;
import static dev.sluice.rdmaproxy.driver.Calls.createSrq;
import static dev.sluice.rdmaproxy.driver.Calls.getContext;
import static dev.sluice.rdmaproxy.driver.Calls.invokeWrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;

import dev.sluice.rdmaproxy.RdmaProxy;
import dev.sluice.rdmaproxy.UverbsCall;
import dev.sluice.rdmaproxy.abi.LegacyCommands;
import dev.sluice.rdmaproxy.abi.Mlx5Abi;
import dev.sluice.rdmaproxy.abi.RxeAbi;
import dev.sluice.rdmaproxy.abi.UverbsSchema;
import dev.sluice.rdmaproxy.driver.Calls.Expect;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;
import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;
import dev.sluice.sentry.spi.CharDevice;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The generic plugin, table-driven like {@link RxePluginTest}, serving a node of a driver no plugin
 * knows ({@code irdma}): the core calls as libibverbs issues them without driver data are allowed,
 * whatever {@code driver_id} they carry; every driver-namespace object, method and attribute and
 * every non-empty UHW_IN or UHW_OUT, at a core method or with a legacy command, is refused with a
 * line that names the host driver.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GenericPluginTest {
    private static final GenericPlugin IRDMA = GenericPlugin.forHostDriver("irdma");
    private static final RdmaProxy PROXY = Calls.proxy(IRDMA);
    private static final int ID = RDMA_DRIVER_IRDMA;

    /** What every driver-data refusal says. */
    private static final String REFUSES = "the generic plugin (driver irdma) refuses driver data";

    private static Arguments row(String name, UverbsCall call, Expect expect) {
        return Arguments.of(name, call, expect);
    }

    static Stream<Arguments> coreCalls() {
        return Stream.of(
                row("GET_CONTEXT without driver data", getContext(ID, null, 0), Expect.ok()),
                row(
                        "GET_CONTEXT with an empty UHW_IN",
                        getContext(ID, new byte[0], 0),
                        Expect.ok()),
                row(
                        "QUERY_CONTEXT",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_CONTEXT)
                                .driver(ID)
                                .out(UVERBS_ATTR_QUERY_CONTEXT_NUM_COMP_VECTORS, 4),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE QUERY_PORT",
                        invokeWrite(ID, IB_USER_VERBS_CMD_QUERY_PORT, false, null, 0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended QUERY_DEVICE",
                        invokeWrite(ID, IB_USER_VERBS_EX_CMD_QUERY_DEVICE, true, null, 0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE ALLOC_PD",
                        invokeWrite(ID, IB_USER_VERBS_CMD_ALLOC_PD, false, null, 0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE REG_MR",
                        invokeWrite(ID, IB_USER_VERBS_CMD_REG_MR, false, null, 0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE CREATE_COMP_CHANNEL",
                        invokeWrite(ID, IB_USER_VERBS_CMD_CREATE_COMP_CHANNEL, false, null, 0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE MODIFY_QP",
                        invokeWrite(ID, IB_USER_VERBS_CMD_MODIFY_QP, false, null, 0),
                        Expect.ok()),
                row("CQ_CREATE without driver data", createCq(ID, null, 0), Expect.ok()),
                row("QP_CREATE without driver data", createQp(ID, null, 0), Expect.ok()),
                row("SRQ_CREATE without driver data", createSrq(ID, null, 0), Expect.ok()),
                row(
                        "CQ_DESTROY",
                        UverbsCall.of(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_DESTROY)
                                .driver(ID)
                                .idr(UVERBS_ATTR_DESTROY_CQ_HANDLE, 2)
                                .out(UVERBS_ATTR_DESTROY_CQ_RESP, 8),
                        Expect.ok()),
                row(
                        "ASYNC_EVENT_ALLOC",
                        UverbsCall.of(UVERBS_OBJECT_ASYNC_EVENT, UVERBS_METHOD_ASYNC_EVENT_ALLOC)
                                .driver(ID)
                                .fd(UVERBS_ATTR_ASYNC_EVENT_ALLOC_FD_HANDLE, 0),
                        Expect.ok()),
                row(
                        "another driver's driver_id: left to the kernel, which checks it",
                        getContext(RDMA_DRIVER_MLX5, null, 0),
                        Expect.ok()),
                row(
                        "RDMA_DRIVER_UNKNOWN: left to the kernel",
                        getContext(RDMA_DRIVER_UNKNOWN, null, 0),
                        Expect.ok()),
                row(
                        "a driver_id the 6.1 uapi does not list: left to the kernel",
                        getContext(99, null, 0),
                        Expect.ok()));
    }

    static Stream<Arguments> driverNamespace() {
        return Stream.of(
                row(
                        "an mlx5 UAR alloc (a driver object and method)",
                        UverbsCall.of(MLX5_IB_OBJECT_UAR, MLX5_IB_METHOD_UAR_OBJ_ALLOC).driver(ID),
                        Expect.einval(
                                "method 0x1000 on object 0x1008",
                                "denied by the generic plugin (driver irdma)",
                                "driver-namespace object or method")),
                row(
                        "a DEVX command",
                        UverbsCall.of(MLX5_IB_OBJECT_DEVX, MLX5_IB_METHOD_DEVX_OTHER).driver(ID),
                        Expect.einval("generic plugin (driver irdma)", "driver-namespace")),
                row(
                        "a driver method on the core DEVICE object (mlx5's QUERY_PORT id)",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, MLX5_IB_METHOD_QUERY_PORT).driver(ID),
                        Expect.einval(
                                "on object UVERBS_OBJECT_DEVICE",
                                "generic plugin (driver irdma)",
                                "driver-namespace")),
                row(
                        "a driver attribute on a core method (mlx5's on QUERY_CONTEXT)",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_CONTEXT)
                                .driver(ID)
                                .out(
                                        MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX,
                                        Mlx5Abi.AllocUcontextResp.SIZE),
                        Expect.einval(
                                "unsupported attribute 0x1000",
                                "UVERBS_METHOD_QUERY_CONTEXT",
                                "driver-namespace attribute",
                                "generic plugin (driver irdma)")),
                row(
                        "mlx5's DM type attribute on DM_ALLOC (merged by mlx5, not here)",
                        UverbsCall.of(UVERBS_OBJECT_DM, UVERBS_METHOD_DM_ALLOC)
                                .driver(ID)
                                .idr(UVERBS_ATTR_ALLOC_DM_HANDLE, 0)
                                .u64(UVERBS_ATTR_ALLOC_DM_LENGTH, 4096)
                                .u32(UVERBS_ATTR_ALLOC_DM_ALIGNMENT, 64)
                                .constIn(MLX5_IB_ATTR_ALLOC_DM_REQ_TYPE, 0),
                        Expect.einval("unsupported attribute", "generic plugin (driver irdma)")));
    }

    static Stream<Arguments> driverData() {
        return Stream.of(
                row(
                        "GET_CONTEXT with a driver request",
                        getContext(ID, new byte[8], 0),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_IN",
                                "UVERBS_METHOD_GET_CONTEXT",
                                REFUSES,
                                "8 bytes of irdma's private request")),
                row(
                        "GET_CONTEXT with mlx5's DEVX request",
                        getContext(
                                ID,
                                Calls.allocUcontextV2()
                                        .u32(
                                                Mlx5Abi.AllocUcontextReqV2.OFF_FLAGS,
                                                Mlx5Abi.MLX5_IB_ALLOC_UCTX_DEVX)
                                        .bytes(),
                                0),
                        Expect.einval("UVERBS_ATTR_UHW_IN", REFUSES)),
                row(
                        "GET_CONTEXT with a driver response buffer",
                        getContext(ID, null, 16),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_OUT",
                                "UVERBS_METHOD_GET_CONTEXT",
                                "driver response",
                                REFUSES,
                                "a 16-byte buffer for irdma's private response")),
                row(
                        "CQ_CREATE with a driver request (mlx5_ib_create_cq)",
                        createCq(ID, Calls.mlx5CreateCq().bytes(), 0),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_IN",
                                "UVERBS_METHOD_CQ_CREATE",
                                "UVERBS_OBJECT_CQ",
                                REFUSES,
                                "32 bytes")),
                row(
                        "CQ_CREATE with rxe's response buffer (rxe_create_cq_resp)",
                        createCq(ID, null, RxeAbi.CreateCqResp.SIZE),
                        Expect.einval("UVERBS_ATTR_UHW_OUT", "UVERBS_METHOD_CQ_CREATE", REFUSES)),
                row(
                        "CQ_CREATE with an all-zero driver request",
                        createCq(ID, new byte[16], 0),
                        Expect.einval("UVERBS_ATTR_UHW_IN", REFUSES, "16 bytes")),
                row(
                        "QP_CREATE with a driver request",
                        createQp(ID, Calls.mlx5CreateQp().bytes(), 0),
                        Expect.einval("UVERBS_ATTR_UHW_IN", "UVERBS_METHOD_QP_CREATE", REFUSES)),
                row(
                        "QP_CREATE with a response buffer",
                        createQp(ID, null, RxeAbi.CreateQpResp.SIZE),
                        Expect.einval("UVERBS_ATTR_UHW_OUT", "UVERBS_METHOD_QP_CREATE", REFUSES)),
                row(
                        "SRQ_CREATE with a response buffer",
                        createSrq(ID, null, RxeAbi.CreateSrqResp.SIZE),
                        Expect.einval("UVERBS_ATTR_UHW_OUT", "UVERBS_METHOD_SRQ_CREATE", REFUSES)),
                row(
                        "a driver request at unmapped memory: EFAULT before the driver-data rule",
                        createQp(ID, null, 0).inUnmapped(UVERBS_ATTR_UHW_IN, 64),
                        Expect.efault(
                                "UVERBS_ATTR_UHW_IN", "UVERBS_METHOD_QP_CREATE", "unreadable")));
    }

    static Stream<Arguments> legacyDriverData() {
        return Stream.of(
                row(
                        "INVOKE_WRITE CREATE_CQ with a response buffer",
                        invokeWrite(
                                ID,
                                IB_USER_VERBS_CMD_CREATE_CQ,
                                false,
                                null,
                                RxeAbi.CreateCqResp.SIZE),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_OUT",
                                "UVERBS_METHOD_INVOKE_WRITE",
                                "driver response for IB_USER_VERBS_CMD_CREATE_CQ",
                                REFUSES)),
                row(
                        "INVOKE_WRITE extended CREATE_QP with a driver request",
                        invokeWrite(
                                ID,
                                IB_USER_VERBS_EX_CMD_CREATE_QP,
                                true,
                                Calls.mlx5CreateQp().bytes(),
                                0),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_IN",
                                "driver data for IB_USER_VERBS_EX_CMD_CREATE_QP",
                                REFUSES)),
                row(
                        "INVOKE_WRITE REG_MR with 8 bytes of driver data",
                        invokeWrite(ID, IB_USER_VERBS_CMD_REG_MR, false, new byte[8], 0),
                        Expect.einval("IB_USER_VERBS_CMD_REG_MR", REFUSES, "8 bytes")),
                row(
                        "INVOKE_WRITE MODIFY_SRQ with rxe_modify_srq_cmd (rxe's plugin allows it)",
                        invokeWrite(
                                ID,
                                IB_USER_VERBS_CMD_MODIFY_SRQ,
                                false,
                                new byte[RxeAbi.ModifySrqCmd.SIZE],
                                0),
                        Expect.einval("IB_USER_VERBS_CMD_MODIFY_SRQ", REFUSES)),
                row(
                        "INVOKE_WRITE GET_CONTEXT with a driver response",
                        invokeWrite(ID, IB_USER_VERBS_CMD_GET_CONTEXT, false, null, 8),
                        Expect.einval("IB_USER_VERBS_CMD_GET_CONTEXT", REFUSES)),
                row(
                        "INVOKE_WRITE with a write command 6.1 does not register",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_INVOKE_WRITE)
                                .driver(ID)
                                .constIn(UVERBS_ATTR_WRITE_CMD, 200),
                        Expect.einval("unsupported write command 200")));
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                row(
                        "header length not 24 + 16 * num_attrs",
                        createCq(ID, null, 0).length(24),
                        Expect.einval("length 24 is not 24 + 16 * num_attrs")),
                row(
                        "reserved2 set",
                        getContext(ID, null, 0).reserved(0, 3),
                        Expect.einval("reserved")),
                row(
                        "a handle with attr_data set",
                        UverbsCall.of(UVERBS_OBJECT_PD, UVERBS_METHOD_PD_DESTROY)
                                .driver(ID)
                                .raw(UVERBS_ATTR_DESTROY_PD_HANDLE, 0, 1, 0x100, 1),
                        Expect.einval("UVERBS_ATTR_DESTROY_PD_HANDLE", "attr_data.reserved")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"coreCalls", "driverNamespace", "driverData", "legacyDriverData", "badInput"})
    void decides(String name, UverbsCall call, Expect expect) {
        expect.check(call.run(PROXY));
    }

    @Test
    void theTableIsTheCoreOneUnmerged() {
        RdmaTable core = RdmaTable.core();
        RdmaTable t = IRDMA.table();
        assertEquals(core.methods().size(), t.methods().size(), "the core methods, no driver rows");
        assertEquals(core.writes().size(), t.writes().size(), "every legacy write command");
        for (RdmaTable.MethodRow r : t.methods()) {
            assertEquals(
                    UverbsSchema.CORE_BY_KEY.get(r.key()),
                    r.schema(),
                    r.name() + " has the core schema, no driver attributes merged");
            assertFalse(
                    UverbsEnvelope.driverNamespace(r.key().object())
                            || UverbsEnvelope.driverNamespace(r.key().method()),
                    r.name() + " is a core method");
        }
        assertEquals(
                "0x1008",
                IRDMA.names().object(MLX5_IB_OBJECT_UAR),
                "core names only: no driver's object is named");
    }

    @Test
    void everyDriverDataSiteRefusesAnyBytesAndAcceptsNone() {
        UverbsEnvelope env = mock(UverbsEnvelope.class);
        List<UdataSite> sites = new ArrayList<>();
        for (LegacyCommands.WriteMethod w : LegacyCommands.WRITE_METHODS) {
            sites.add(new UdataSite.Write(w.command(), w.extended()));
        }
        for (UverbsSchema.Method m : UverbsSchema.CORE) {
            sites.add(new UdataSite.Method(m.object(), m.method()));
        }
        for (UdataSite site : sites) {
            UdataRule in = IRDMA.udataIn(site);
            UdataRule out = IRDMA.udataOut(site);
            assertNotNull(in, site + ": a UHW_IN rule, so non-empty input is refused");
            assertNotNull(out, site + ": a UHW_OUT rule, so a response buffer is refused");
            assertNull(in.apply(Udata.ABSENT, env), site + ": no driver request is fine");
            assertNull(in.apply(Udata.of(new byte[0]), env), site + ": an empty one too");
            assertNull(out.apply(Udata.outOfLength(0), env), site + ": an empty buffer too");
            String refusal = in.apply(Udata.of(new byte[] {0}), env);
            assertTrue(
                    refusal != null && refusal.startsWith(REFUSES + ": 1 bytes"),
                    site + ": one zero byte is refused, naming the driver: " + refusal);
            refusal = out.apply(Udata.outOfLength(4), env);
            assertTrue(
                    refusal != null && refusal.startsWith(REFUSES + ": a 4-byte buffer"),
                    site + ": a 4-byte buffer is refused: " + refusal);
        }
    }

    @Test
    void itAcceptsAnyDriverIdAndNamesTheHostDriverItServes() {
        for (int id : List.of(RDMA_DRIVER_UNKNOWN, RDMA_DRIVER_MLX5, RDMA_DRIVER_RXE, 17, 99)) {
            assertTrue(IRDMA.acceptsDriverId(id), "driver_id " + id + " is the kernel's to check");
        }
        assertEquals("generic", IRDMA.name(), "its name in logs and reports");
        assertEquals("generic plugin (driver irdma)", IRDMA.label(), "its label names the driver");
        assertEquals("irdma", IRDMA.hostDriver(), "the host driver");
        assertEquals(
                "generic plugin (driver unknown)",
                GenericPlugin.forHostDriver("").label(),
                "sysfs named no driver");
        assertTrue(IRDMA.hostDrivers().isEmpty(), "never chosen by host driver");
        assertTrue(
                IRDMA.racyReach().contains("irdma"),
                "the start warning names the unvetted driver: " + IRDMA.racyReach());
        assertTrue(
                IRDMA.denial(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE).isEmpty(),
                "a core method is not refused by name");
        assertNull(IRDMA.constRule(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE, 4), "no const rules");
    }

    @Test
    void itIsNotAmongThePluginsChosenByHostDriver() {
        assertTrue(
                DriverPlugins.ALL.stream().noneMatch(p -> p instanceof GenericPlugin),
                "DriverPlugins.ALL holds the plugins of known drivers only");
        for (String d : List.of("irdma", "", "generic", "mlx4_core")) {
            assertTrue(
                    DriverPlugins.forHostDriver(d).isEmpty(),
                    d + ": no plugin by host driver, generic or other");
        }
    }

    @Test
    void theProxyServesEachNodeWithItsOwnPlugin() {
        CharDevice uverbs1 = new CharDevice(231, 193);
        RdmaProxy proxy =
                new RdmaProxy(
                        List.of(231),
                        Map.of(UverbsCall.UVERBS0, IRDMA, uverbs1, RxePlugin.INSTANCE),
                        new dev.sluice.rdmaproxy.FakeUverbsHost());
        assertSame(IRDMA, proxy.plugin(UverbsCall.UVERBS0), "uverbs0: generic");
        assertSame(RxePlugin.INSTANCE, proxy.plugin(uverbs1), "uverbs1: rxe");
        String racy = proxy.racyRows();
        assertTrue(
                racy.contains("rdmaproxy (generic, rxe)") && racy.contains("irdma"),
                "the start warning names both plugins and the unvetted driver: " + racy);
    }
}
