package dev.sluice.rdmaproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.UverbsSchema.Attr;
import dev.sluice.rdmaproxy.abi.UverbsSchema.AttrType;
import dev.sluice.rdmaproxy.abi.UverbsSchema.Method;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class Mlx5SchemaTest {

    @Test
    void coreMethodAdditionsExtendRegisteredCoreMethodsWithDriverIds() {
        for (Method add : Mlx5Schema.CORE_METHOD_ATTRS) {
            Method core = UverbsSchema.CORE_BY_KEY.get(add.key());
            assertTrue(core != null, add.name() + " is a registered core method");
            for (Attr a : add.attrs()) {
                assertTrue(
                        a.id() >= UverbsIoctl.UVERBS_UDATA_DRIVER_DATA_FLAG,
                        a.name() + " is a driver id");
                assertFalse(
                        core.attr(a.id()).isPresent(),
                        a.name() + " does not clash with a core attribute of " + core.name());
            }
        }
    }

    @Test
    void everyMlx5AttributeIsInTheDriverNamespace() {
        for (Method m : Mlx5Schema.METHODS) {
            assertTrue(
                    m.method() >= UverbsIoctl.UVERBS_UDATA_DRIVER_DATA_FLAG,
                    m.name() + " is a driver method");
            for (Attr a : m.attrs()) {
                assertTrue(
                        a.id() >= UverbsIoctl.UVERBS_UDATA_DRIVER_DATA_FLAG,
                        m.name() + "." + a.name() + " is a driver id");
            }
        }
    }

    @Test
    void uarAllocReturnsAnMmapOffset() {
        Method m =
                UverbsSchema.index(Mlx5Schema.METHODS)
                        .get(
                                new UverbsMethods.Key(
                                        Mlx5Ids.MLX5_IB_OBJECT_UAR,
                                        Mlx5Ids.MLX5_IB_METHOD_UAR_OBJ_ALLOC));
        Attr off = m.attr(Mlx5Ids.MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_OFFSET).orElseThrow();
        assertEquals(
                List.of(AttrType.PTR_OUT, 8),
                List.of(off.type(), off.len()),
                "a u64 mmap offset comes back");
        assertEquals(
                AttrType.CONST_IN,
                m.attr(Mlx5Ids.MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE).orElseThrow().type(),
                "the UAR type (BF or NC) is a CONST_IN");
    }

    @Test
    void devxUmemTakesAnOptionalDmabufAsAKernelRawFd() {
        Method m =
                UverbsSchema.index(Mlx5Schema.METHODS)
                        .get(
                                new UverbsMethods.Key(
                                        Mlx5Ids.MLX5_IB_OBJECT_DEVX_UMEM,
                                        Mlx5Ids.MLX5_IB_METHOD_DEVX_UMEM_REG));
        Attr fd = m.attr(Mlx5Ids.MLX5_IB_ATTR_DEVX_UMEM_REG_DMABUF_FD).orElseThrow();
        assertEquals(AttrType.RAW_FD, fd.type(), "a plain fd");
        assertFalse(fd.fdInline(), "carried in data_s64 with len 0");
        assertFalse(fd.mandatory(), "optional: umem is user memory unless a dma-buf is given");
    }

    @Test
    void flowMatcherTypeIsAnEnumOfPtrInSpecs() {
        Method m =
                UverbsSchema.index(Mlx5Schema.METHODS)
                        .get(
                                new UverbsMethods.Key(
                                        Mlx5Ids.MLX5_IB_OBJECT_FLOW_MATCHER,
                                        Mlx5Ids.MLX5_IB_METHOD_FLOW_MATCHER_CREATE));
        Attr t = m.attr(Mlx5Ids.MLX5_IB_ATTR_FLOW_MATCHER_FLOW_TYPE).orElseThrow();
        assertEquals(AttrType.ENUM_IN, t.type(), "flow type selects a spec");
        for (int i = 0; i < t.elements().size(); i++) {
            assertEquals(i, t.elements().get(i).id(), "element " + i + " is at index elem_id");
            assertEquals(AttrType.PTR_IN, t.elements().get(i).type(), "elements are PTR_IN");
        }
        assertEquals(
                2,
                t.elements().get(Mlx5Abi.MLX5_IB_FLOW_TYPE_NORMAL).len(),
                "NORMAL carries a u16 priority");
    }

    @Test
    void fdAndConditionalObjectsAreMlx5Objects() {
        for (int o : Mlx5Schema.FD_OBJECTS) {
            assertTrue(
                    Mlx5Ids.OBJECT_NAMES.containsKey(o),
                    "fd object 0x" + Integer.toHexString(o) + " is an mlx5 object");
        }
        for (int o : Mlx5Schema.CONDITIONAL_OBJECTS.keySet()) {
            assertTrue(
                    Mlx5Ids.OBJECT_NAMES.containsKey(o),
                    "conditional 0x" + Integer.toHexString(o) + " is an mlx5 object");
        }
    }
}
