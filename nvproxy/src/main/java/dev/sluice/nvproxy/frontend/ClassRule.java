package dev.sluice.nvproxy.frontend;

/**
 * One allowed RM allocation class ({@code NV_ESC_RM_ALLOC}).
 *
 * @param hClass     the class
 * @param name       its C name
 * @param paramsSize the size RM copies from {@code pAllocParms} for this class (it ignores the
 *                   caller's {@code paramsSize}; see {@code ClassAllocParams}); 0 when it takes none
 * @param caps       the capabilities that enable it (any of them)
 */
public record ClassRule(int hClass, String name, int paramsSize, long caps) {}
