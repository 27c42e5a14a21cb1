import type { Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Dialog, Portal } from '@qrmenu/shared/ui';
import { RestaurantForm } from './RestaurantForm';

/** A manager's edit of its own restaurant: no manager or active selector (spec 6). */
export function RestaurantEditDialog({
  restaurant,
  open,
  onClose,
}: {
  restaurant: Restaurant | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="restaurant-edit-dialog">
            <Dialog.Header>
              <Dialog.Title>{t.editRestaurant}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {restaurant ? (
                <RestaurantForm
                  key={restaurant._id}
                  restaurant={restaurant}
                  isManager
                  onSaved={onClose}
                  onCancel={onClose}
                />
              ) : null}
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
