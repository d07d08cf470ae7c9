package dev.sluice.rdmaproxy.abi;

import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.UverbsSchema.Access;
import dev.sluice.rdmaproxy.abi.UverbsSchema.Attr;
import dev.sluice.rdmaproxy.abi.UverbsSchema.AttrType;
import dev.sluice.rdmaproxy.abi.UverbsSchema.Method;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class UverbsSchemaTest {

    static Stream<Arguments> methods() {
        return Stream.concat(
                        UverbsSchema.CORE.stream(),
                        Stream.concat(
                                Mlx5Schema.METHODS.stream(), Mlx5Schema.CORE_METHOD_ATTRS.stream()))
                .map(m -> Arguments.of(m.name(), m));
    }

    @Test
    void noDuplicateMethodKeys() {
        assertEquals(
                UverbsSchema.CORE.size(),
                UverbsSchema.CORE_BY_KEY.size(),
                "core (object, method) keys are unique");
        assertEquals(
                Mlx5Schema.METHODS.size(),
                UverbsSchema.index(Mlx5Schema.METHODS).size(),
                "mlx5 keys are unique");
        for (Method m : Mlx5Schema.METHODS) {
            assertFalse(
                    UverbsSchema.CORE_BY_KEY.containsKey(m.key()),
                    m.name() + " does not reuse a core method key");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methods")
    void attributesAreUniqueWithinAMethod(String name, Method m) {
        Set<Integer> ids = new HashSet<>();
        for (Attr a : m.attrs()) {
            assertTrue(
                    ids.add(a.id()),
                    "attribute 0x" + Integer.toHexString(a.id()) + " appears once in " + name);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methods")
    void attributesAreWellFormed(String name, Method m) {
        for (Attr a : m.attrs()) {
            String what = name + "." + a.name();
            switch (a.type()) {
                case IDR, FD, IDRS_ARRAY -> {
                    assertTrue(
                            a.objectType() != UverbsSchema.NO_OBJECT,
                            what + " names its object type");
                    assertTrue(a.access() != Access.NONE, what + " has an access mode");
                }
                default -> {
                    assertEquals(UverbsSchema.NO_OBJECT, a.objectType(), what + " is not a handle");
                    assertEquals(Access.NONE, a.access(), what + " has no access mode");
                }
            }
            switch (a.type()) {
                case CONST_IN ->
                        assertEquals(
                                List.of(8, 8),
                                List.of(a.minLen(), a.len()),
                                what + ": CONST_IN is a u64");
                case FLAGS_IN ->
                        assertEquals(
                                List.of(4, 8),
                                List.of(a.minLen(), a.len()),
                                what + ": FLAGS_IN is a u32 or u64");
                case IDR, FD ->
                        assertEquals(
                                List.of(0, 0),
                                List.of(a.minLen(), a.len()),
                                what + ": a handle has no length");
                case PTR_IN, PTR_OUT, IDRS_ARRAY ->
                        assertTrue(a.minLen() <= a.len(), what + ": min <= len");
                case RAW_FD ->
                        assertTrue(
                                a.len() == 0 || a.len() == 4,
                                what + ": an fd is in data_s64 or an inline u32");
                case ENUM_IN -> assertFalse(a.elements().isEmpty(), what + " lists its elements");
            }
            if (a.type() == AttrType.FD) {
                assertTrue(
                        UverbsSchema.FD_OBJECTS.contains(a.objectType())
                                || Mlx5Schema.FD_OBJECTS.contains(a.objectType()),
                        what + " names an fd object");
                assertTrue(
                        a.access() == Access.NEW || a.access() == Access.READ,
                        what + ": an fd is NEW or READ");
            }
            if (a.type() == AttrType.IDR && a.objectType() != UverbsSchema.UVERBS_IDR_ANY_OBJECT) {
                assertFalse(
                        UverbsSchema.FD_OBJECTS.contains(a.objectType())
                                || Mlx5Schema.FD_OBJECTS.contains(a.objectType()),
                        what + " names an IDR object");
            }
            assertTrue(
                    a.elements().isEmpty() || a.type() == AttrType.ENUM_IN,
                    what + ": only ENUM_IN has elements");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methods")
    void namesComeFromTheHeaderTables(String name, Method m) {
        UverbsNames names = UverbsNames.mlx5();
        assertEquals(names.method(m.object(), m.method()), name, "method name");
        for (Attr a : m.attrs()) {
            assertEquals(
                    names.attr(m.object(), m.method(), a.id()),
                    a.name(),
                    "name of attribute of " + name);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methods")
    void atMostOneNewHandlePerMethod(String name, Method m) {
        long news = m.attrs().stream().filter(a -> a.access() == Access.NEW).count();
        assertTrue(news <= 1, name + " creates at most one object");
        long destroys = m.attrs().stream().filter(a -> a.access() == Access.DESTROY).count();
        assertTrue(destroys <= 1 && news + destroys <= 1, name + " does not create and destroy");
    }

    @Test
    void coversTheMethodsRdmaProxyNeeds() {
        List<UverbsMethods.Key> wanted =
                List.of(
                        key(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_INVOKE_WRITE),
                        key(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_INFO_HANDLES),
                        key(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_PORT),
                        key(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_CONTEXT),
                        key(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_GID_TABLE),
                        key(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_GID_ENTRY),
                        key(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT),
                        key(UVERBS_OBJECT_PD, UVERBS_METHOD_PD_DESTROY),
                        key(UVERBS_OBJECT_MR, UVERBS_METHOD_REG_DMABUF_MR),
                        key(UVERBS_OBJECT_MR, UVERBS_METHOD_QUERY_MR),
                        key(UVERBS_OBJECT_MR, UVERBS_METHOD_DM_MR_REG),
                        key(UVERBS_OBJECT_MR, UVERBS_METHOD_ADVISE_MR),
                        key(UVERBS_OBJECT_MR, UVERBS_METHOD_MR_DESTROY),
                        key(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE),
                        key(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_DESTROY),
                        key(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE),
                        key(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_DESTROY),
                        key(UVERBS_OBJECT_SRQ, UVERBS_METHOD_SRQ_CREATE),
                        key(UVERBS_OBJECT_SRQ, UVERBS_METHOD_SRQ_DESTROY),
                        key(UVERBS_OBJECT_WQ, UVERBS_METHOD_WQ_CREATE),
                        key(UVERBS_OBJECT_WQ, UVERBS_METHOD_WQ_DESTROY),
                        key(UVERBS_OBJECT_ASYNC_EVENT, UVERBS_METHOD_ASYNC_EVENT_ALLOC),
                        key(UVERBS_OBJECT_AH, UVERBS_METHOD_AH_DESTROY),
                        key(UVERBS_OBJECT_FLOW_ACTION, UVERBS_METHOD_FLOW_ACTION_DESTROY),
                        key(UVERBS_OBJECT_DM, UVERBS_METHOD_DM_ALLOC),
                        key(UVERBS_OBJECT_DM, UVERBS_METHOD_DM_FREE),
                        key(UVERBS_OBJECT_COUNTERS, UVERBS_METHOD_COUNTERS_CREATE),
                        key(UVERBS_OBJECT_COUNTERS, UVERBS_METHOD_COUNTERS_DESTROY),
                        key(UVERBS_OBJECT_COUNTERS, UVERBS_METHOD_COUNTERS_READ),
                        key(UVERBS_OBJECT_RWQ_IND_TBL, UVERBS_METHOD_RWQ_IND_TBL_DESTROY),
                        key(UVERBS_OBJECT_XRCD, UVERBS_METHOD_XRCD_DESTROY));
        for (UverbsMethods.Key k : wanted) {
            assertTrue(
                    UverbsSchema.CORE_BY_KEY.containsKey(k),
                    UverbsMethods.NAMES.get(k) + " is in the schema");
        }
        assertTrue(
                UverbsSchema.FD_OBJECTS.contains(UVERBS_OBJECT_COMP_CHANNEL),
                "COMP_CHANNEL is an fd object");
        assertTrue(
                UverbsSchema.CORE.stream().noneMatch(m -> m.object() == UVERBS_OBJECT_COMP_CHANNEL),
                "COMP_CHANNEL has no ioctl method in 6.1");
    }

    @Test
    void regDmabufMrTakesTheDmabufAsARawFd() {
        Method m = UverbsSchema.CORE_BY_KEY.get(key(UVERBS_OBJECT_MR, UVERBS_METHOD_REG_DMABUF_MR));
        Attr fd = m.attr(UverbsAttrs.UVERBS_ATTR_REG_DMABUF_MR_FD).orElseThrow();
        assertEquals(
                AttrType.RAW_FD, fd.type(), "the dma-buf fd is a plain fd, not a uverbs object");
        assertTrue(fd.mandatory(), "the dma-buf fd is mandatory");
        assertTrue(fd.fdInline(), "6.1 declares it as an inline PTR_IN u32");
        assertEquals(4, fd.len(), "a u32");
        Attr h = m.attr(UverbsAttrs.UVERBS_ATTR_REG_DMABUF_MR_HANDLE).orElseThrow();
        assertEquals(
                List.of(AttrType.IDR, UVERBS_OBJECT_MR, Access.NEW),
                List.of(h.type(), h.objectType(), h.access()),
                "the new MR handle");
        Attr pd = m.attr(UverbsAttrs.UVERBS_ATTR_REG_DMABUF_MR_PD_HANDLE).orElseThrow();
        assertEquals(
                List.of(AttrType.IDR, UVERBS_OBJECT_PD, Access.READ),
                List.of(pd.type(), pd.objectType(), pd.access()),
                "the PD it registers in");
        assertFalse(
                m.attr(UverbsAttrs.UVERBS_ATTR_REG_DMABUF_MR_ACCESS_FLAGS)
                        .orElseThrow()
                        .mandatory(),
                "access flags are optional");
    }

    @Test
    void cqCreateTakesUverbsFdObjects() {
        Method m = UverbsSchema.CORE_BY_KEY.get(key(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE));
        Attr ch = m.attr(UverbsAttrs.UVERBS_ATTR_CREATE_CQ_COMP_CHANNEL).orElseThrow();
        assertEquals(
                List.of(AttrType.FD, UVERBS_OBJECT_COMP_CHANNEL, Access.READ, false),
                List.of(ch.type(), ch.objectType(), ch.access(), ch.mandatory()),
                "the completion channel");
        Attr ev = m.attr(UverbsAttrs.UVERBS_ATTR_CREATE_CQ_EVENT_FD).orElseThrow();
        assertEquals(
                List.of(AttrType.FD, UVERBS_OBJECT_ASYNC_EVENT, Access.READ),
                List.of(ev.type(), ev.objectType(), ev.access()),
                "the async event file");
        assertTrue(m.attr(UverbsAttrs.UVERBS_ATTR_UHW_IN).isPresent(), "driver data in");
        assertTrue(m.attr(UverbsAttrs.UVERBS_ATTR_UHW_OUT).isPresent(), "driver data out");
    }

    @Test
    void structAttributesUseTheirLayouts() {
        Attr port =
                UverbsSchema.CORE_BY_KEY
                        .get(key(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_PORT))
                        .attr(UverbsAttrs.UVERBS_ATTR_QUERY_PORT_RESP)
                        .orElseThrow();
        assertEquals(
                UverbsAttrStructs.QueryPortRespEx.SIZE,
                port.len(),
                "QUERY_PORT_RESP is ib_uverbs_query_port_resp_ex");
        assertTrue(port.zeroTrailing(), "UVERBS_ATTR_STRUCT accepts zeroed extension");
        Attr cap =
                UverbsSchema.CORE_BY_KEY
                        .get(key(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE))
                        .attr(UverbsAttrs.UVERBS_ATTR_CREATE_QP_CAP)
                        .orElseThrow();
        assertEquals(
                UverbsAttrStructs.QpCap.SIZE,
                cap.minLen(),
                "CREATE_QP_CAP is a whole ib_uverbs_qp_cap");
        Attr sge =
                UverbsSchema.CORE_BY_KEY
                        .get(key(UVERBS_OBJECT_MR, UVERBS_METHOD_ADVISE_MR))
                        .attr(UverbsAttrs.UVERBS_ATTR_ADVISE_MR_SGE_LIST)
                        .orElseThrow();
        assertEquals(
                List.of(UverbsAttrStructs.Sge.SIZE, UverbsSchema.LEN_UNBOUNDED),
                List.of(sge.minLen(), sge.len()),
                "an array of at least one ib_uverbs_sge");
    }

    @Test
    void destroyMethodsDestroyTheirOwnObject() {
        for (Method m : UverbsSchema.CORE) {
            for (Attr a : m.attrs()) {
                if (a.access() == Access.DESTROY || a.access() == Access.NEW) {
                    assertEquals(
                            m.object(),
                            a.objectType(),
                            m.name() + " creates or destroys its own object type");
                }
            }
        }
    }

    private static UverbsMethods.Key key(int object, int method) {
        return new UverbsMethods.Key(object, method);
    }
}
